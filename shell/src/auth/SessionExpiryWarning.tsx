import { lazy, Suspense, useEffect, useState } from 'react';
import { notify } from '../notify.ts';
import { expiryOf, WARN_BEFORE_MS } from './session-expiry.ts';
import { useAuth } from './store.ts';

const SessionExpiryDialog = lazy(() => import('./SessionExpiryDialog.tsx'));

export const EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';

/**
 * Watches the session's end (the token's `exp`): two minutes before, the warning dialog; at the end,
 * the session is forgotten here, and the sign-in page (RequireAuth) keeps the page the admin was on.
 * A renewed token (here or in another tab) starts the watch again. A renewal that cannot reach past
 * the warning (the sign-in's last hours are up, docs/operations.md#limits-that-protect-the-console)
 * keeps the dialog, which then says so and offers no more renewals.
 */
export function SessionExpiryWarning() {
  const token = useAuth((state) => state.token);
  const expiresAt = expiryOf(token);
  const [warning, setWarning] = useState(false);
  /** The end that a renewal could not move: the session's last one. */
  const [finalEnd, setFinalEnd] = useState<number | null>(null);

  useEffect(() => {
    if (expiresAt === null) return setWarning(false);
    const left = expiresAt - Date.now();
    // Within the warning already (a renewal at the bound): the dialog stays open.
    setWarning(left <= WARN_BEFORE_MS);
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
      <SessionExpiryDialog
        expiresAt={expiresAt}
        final={finalEnd === expiresAt}
        onFinal={setFinalEnd}
        onClose={() => setWarning(false)}
      />
    </Suspense>
  );
}
