import { errorMessage } from '@backoffice/shared/host';
import { useState } from 'react';
import { notify } from '../notify.ts';

/**
 * One action at a time: `busy` while it runs, and a failure shown as an error toast (the server's
 * message, else `fallback`).
 */
export function useNotifiedAction() {
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<void>, fallback: string) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      notify.error(errorMessage(error, fallback), error);
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
