import { lazy, Suspense } from 'react';

export interface NoAccessProps {
  title?: string;
  subTitle?: string;
}

// antd's Result and its 403 picture are downloaded when a page is refused, not with every page.
const NoAccessResult = lazy(() => import('./NoAccessResult.tsx'));

/**
 * A page the admin's roles do not open (a direct URL, docs/architecture.md#console-behaviour): said plainly,
 * with the way back. The shell shows it for an area; a remote for a page that only changes things (e.g.
 * Create Lottery).
 */
export function NoAccess(props: NoAccessProps) {
  return (
    <Suspense fallback={null}>
      <NoAccessResult {...props} />
    </Suspense>
  );
}
