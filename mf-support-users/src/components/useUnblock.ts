import * as endpoints from '@backoffice/shared/endpoints';
import { useHost } from '@backoffice/shared/host';
import { useState } from 'react';
import { failureText, isStale, USER_FALLBACKS } from '../data/messages.ts';

/** Unblock at once (no reason asked); `busyId` is the user being unblocked. */
export function useUnblock(onDone: () => void) {
  const { http, notify } = useHost();
  const [busyId, setBusyId] = useState<number | null>(null);
  const unblock = async (id: number) => {
    setBusyId(id);
    try {
      await http.call(endpoints.userUnblock, { params: { id }, body: {} });
      notify.success('User unblocked successfully');
      onDone();
    } catch (error) {
      notify.error(failureText(error, USER_FALLBACKS.unblock), error);
      // Unblocked or deleted by someone else meanwhile: show what is now.
      if (isStale(error)) onDone();
    } finally {
      setBusyId(null);
    }
  };
  return { unblock, busyId };
}
