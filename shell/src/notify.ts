import type { Notifier, ToastId } from '@backoffice/shared/host';
import { type Id, toast } from 'react-toastify/unstyled';

/** Spec section 9: the toast store keeps at most 20 toasts; older ones are dropped first. */
const MAX_KEPT = 20;
const kept: Id[] = [];

function keep(id: Id): Id {
  kept.push(id);
  while (kept.length > MAX_KEPT) toast.dismiss(kept.shift());
  return id;
}

export const notify: Notifier = {
  success: (message) => keep(toast.success(message)),
  error: (message) => keep(toast.error(message)),
  info: (message) => keep(toast.info(message)),
  warning: (message) => keep(toast.warning(message)),
  loading: (message) => keep(toast.loading(message)),
  dismiss(id?: ToastId) {
    if (id === undefined) kept.length = 0;
    toast.dismiss(id);
  },
};
