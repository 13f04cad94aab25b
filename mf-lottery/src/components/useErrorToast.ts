import { errorMessage, useHost } from '@backoffice/shared/host';
import { useEffect } from 'react';

/** Toasts a load failure once (the server's message, else the screen's fallback). */
export function useErrorToast(error: unknown, fallback: string): void {
  const { notify } = useHost();
  useEffect(() => {
    if (error) notify.error(errorMessage(error, fallback));
  }, [error, fallback, notify]);
}
