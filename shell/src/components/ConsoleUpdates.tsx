import { useEffect } from 'react';
import { watchRegistry } from '../registry/refresh.ts';
import { useRegistry } from '../registry/store.ts';
import { UpdateBanner } from './UpdateBanner.tsx';

/**
 * While signed in (part of the layout, never of the sign-in page): keeps the registry current, so areas
 * pick up new versions, and says when the shell itself was updated. An area reloads on its own; the
 * shell's code (layout, HTTP client, this file) needs a page reload.
 */
export default function ConsoleUpdates() {
  const shellUpdate = useRegistry((state) => state.shellUpdate);
  useEffect(() => watchRegistry(), []);
  if (!shellUpdate) return null;
  return (
    <UpdateBanner variant="console" action="Reload" onAction={() => window.location.reload()}>
      The console was updated —{' '}
    </UpdateBanner>
  );
}
