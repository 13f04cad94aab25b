import { useHost } from '@backoffice/shared/host';
import { useEffect } from 'react';

/**
 * shared/src/rules/messages.ts: a failed load is also toasted (the screen shows the same text in its error
 * panel).
 */
export function useFailureToast(loading: boolean, message: string | null) {
  const { notify } = useHost();
  useEffect(() => {
    if (!loading && message) notify.error(message);
  }, [loading, message, notify]);
}
