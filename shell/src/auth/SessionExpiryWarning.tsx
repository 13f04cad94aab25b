import { lazy, Suspense, useEffect, useState } from 'react';
import { notify } from '../notify.ts';
import { expiryOf, WARN_BEFORE_MS } from './session-expiry.ts';
import { useAuth } from './store.ts';

const SessionExpiryDialog = lazy(() => import('./SessionExpiryDialog.tsx'));

export const EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';

/**
 * Watches the session's end (the token's `exp`): two minutes before, the warning dialog; at the end,
 * the session is forgotten here, and the sign-in page (RequireAuth) keeps the page the admin was on.
 * A renewed token (here or in another tab) starts the watch again.
 */
export function SessionExpiryWarning() {
  const token = useAuth((state) => state.token);
  const expiresAt = expiryOf(token);
  const [warning, setWarning] = useState(false);

  useEffect(() => {
    setWarning(false);
    if (expiresAt === null) return;
    const left = expiresAt - Date.now();
    const warn = window.setTimeout(() => setWarning(true), Math.max(0, left - WARN_BEFORE_MS));
    const end = window.setTimeout(
      () => {
        useAuth.getState().clear();
        notify.info(EXPIRED_MESSAGE);
      },
      Math.max(0, left),
    );
    return () => {
      window.clearTimeout(warn);
      window.clearTimeout(end);
    };
  }, [expiresAt]);

  if (!warning || expiresAt === null) return null;
  return (
    <Suspense fallback={null}>
      <SessionExpiryDialog expiresAt={expiresAt} />
    </Suspense>
  );
}
