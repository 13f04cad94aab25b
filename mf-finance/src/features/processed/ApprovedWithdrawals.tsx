import type { WithdrawalStatus } from '@backoffice/shared/contract';
import { ProcessedWithdrawals } from './ProcessedWithdrawals.tsx';

/** The statuses the Approved & Rejected view lists together (shared/src/contract/routes.ts). */
const APPROVED_VIEW_STATUSES: readonly WithdrawalStatus[] = [
  'approved',
  'rejected',
  'cancelled',
  'pending_otp',
];

/** /withdrawals/approved: approved, rejected, cancelled and pending_otp together; username search. */
export default function ApprovedWithdrawals() {
  return (
    <ProcessedWithdrawals
      title="Withdrawals Approved"
      crumb="Approved & Rejected"
      list="approved-withdrawals"
      filter="username"
      statusIn={APPROVED_VIEW_STATUSES}
      empty="No approved withdrawals found"
    />
  );
}
