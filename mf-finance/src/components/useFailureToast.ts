import { useHost } from '@backoffice/shared/host';
import { useEffect } from 'react';

/**
 * shared/src/rules/messages.ts: a failed load is also an error toast (the server's message or the screen's
 * fallback), once per failure; the list shows its error panel with Retry beside it.
 */
export function useFailureToast(message: string | null): void {
  const { notify } = useHost();
  useEffect(() => {
    if (message !== null) notify.error(message);
  }, [message, notify]);
}
