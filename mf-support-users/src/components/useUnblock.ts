import { errorMessage, useHost } from '@backoffice/shared/host';
import { useState } from 'react';
import { USER_FALLBACKS, unblockUser } from '../data/users.ts';

/** Unblock at once (no reason asked); `busyId` is the user being unblocked. */
export function useUnblock(onDone: () => void) {
  const { http, notify } = useHost();
  const [busyId, setBusyId] = useState<number | null>(null);
  const unblock = async (id: number) => {
    setBusyId(id);
    try {
      await unblockUser(http, id);
      notify.success('User unblocked successfully');
      onDone();
    } catch (error) {
      notify.error(errorMessage(error, USER_FALLBACKS.unblock));
    } finally {
      setBusyId(null);
    }
  };
  return { unblock, busyId };
}
