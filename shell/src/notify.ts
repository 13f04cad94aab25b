import { errorReference, type Notifier, type ToastId } from '@backoffice/shared/host';
import { Reference } from '@backoffice/shared/ui';
import { createElement, type ReactNode } from 'react';
import { type Id, toast } from 'react-toastify/unstyled';

/** shared/src/rules/constants.ts: the toast store keeps at most 20 toasts; older ones are dropped first. */
const MAX_KEPT = 20;
const kept: Id[] = [];

function keep(id: Id): Id {
  kept.push(id);
  while (kept.length > MAX_KEPT) toast.dismiss(kept.shift());
  return id;
}

/** The failure's reference under its message, so support can find the API's log line (docs/operations.md). */
function withReference(message: string, reference: string | undefined): ReactNode {
  return reference
    ? createElement('div', null, message, createElement(Reference, { id: reference }))
    : message;
}

export const notify: Notifier = {
  success: (message) => keep(toast.success(message)),
  error: (message, cause) => keep(toast.error(withReference(message, errorReference(cause)))),
  info: (message) => keep(toast.info(message)),
  warning: (message) => keep(toast.warning(message)),
  loading: (message) => keep(toast.loading(message)),
  dismiss(id?: ToastId) {
    if (id === undefined) kept.length = 0;
    toast.dismiss(id);
  },
};
