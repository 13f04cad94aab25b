// Withdrawal status form and support-ticket id rules (shared/src/rules).
import { messages } from './messages.ts';

export interface WithdrawalStatusFormValues {
  status?: string | null;
  reason?: string | null;
}

export interface WithdrawalStatusFormErrors {
  status?: string;
  reason?: string;
}

/** Status required; a reason is required when rejecting. {} when valid. */
export function validateWithdrawalStatusForm(values: WithdrawalStatusFormValues): WithdrawalStatusFormErrors {
  const status = (values.status ?? '').trim();
  if (status === '') return { status: messages.withdrawal.statusRequired };
  if (status.toLowerCase() === 'rejected' && (values.reason ?? '').trim() === '') {
    return { reason: messages.withdrawal.reasonRequired };
  }
  return {};
}

/** 'Please select withdrawals to update' when a bulk update has nothing selected, else null. */
export function validateBulkSelection(ids: readonly unknown[] | null | undefined): string | null {
  return ids && ids.length > 0 ? null : messages.withdrawal.noneSelected;
}

/** 'Support ID is missing' unless the id is present (0 counts as missing: ids start at 1). */
export function validateSupportId(id: string | number | null | undefined): string | null {
  if (id === null || id === undefined) return messages.support.idMissing;
  const text = String(id).trim();
  return text === '' || text === '0' ? messages.support.idMissing : null;
}
