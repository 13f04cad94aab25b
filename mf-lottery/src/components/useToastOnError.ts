import { useHost } from '@backoffice/shared/host';
import { useEffect } from 'react';

/**
 * Toasts a list's load failure once (shared/src/rules/messages.ts: the list's message is a toast as well as
 * the error panel).
 */
export function useToastOnError(message: string | null): void {
  const { notify } = useHost();
  useEffect(() => {
    if (message) notify.error(message);
  }, [message, notify]);
}
