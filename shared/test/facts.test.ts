import { describe, expect, it } from 'vitest';
import * as contract from '../src/contract/index.ts';
import * as facts from '../src/facts/index.ts';
import { statusLabel } from '../src/format/index.ts';
import { messages } from '../src/rules/index.ts';

// The contract's enums are built from the facts modules: these checks keep them from drifting apart.
describe('facts and the contract', () => {
  it.each([
    ['withdrawal', contract.withdrawalStatusSchema, facts.withdrawalStatuses],
    ['transaction', contract.transactionStatusSchema, facts.transactionStatuses],
    ['lottery', contract.lotteryStatusSchema, facts.lotteryStatuses],
    ['lottery ticket', contract.lotteryTicketStatusSchema, facts.lotteryTicketStatuses],
    ['support', contract.supportStatusSchema, facts.supportStatuses],
    ['user', contract.userStatusSchema, facts.userStatuses],
    ['mine game', contract.mineGameStatusSchema, facts.mineGameStatuses],
    ['admin', contract.adminStatusSchema, facts.adminStatuses],
  ] as const)('the %s status schema accepts exactly the facts statuses', (_, schema, statuses) => {
    expect(schema.options).toEqual([...statuses]);
    expect(schema.safeParse('no-such-status').success).toBe(false);
  });

  it('list queries take their sort fields and status filters from the facts', () => {
    expect(contract.withdrawalsListQuery.shape.sort_by.parse(undefined)).toBe('createdAt');
    for (const field of facts.withdrawalSortFields)
      expect(contract.withdrawalsListQuery.shape.sort_by.parse(field)).toBe(field);
    for (const field of facts.transactionSortFields)
      expect(contract.transactionsListQuery.shape.sort_by.parse(field)).toBe(field);
    for (const field of facts.userSortFields)
      expect(contract.usersListQuery.shape.sort_by.parse(field)).toBe(field);
    for (const field of facts.supportSortFields)
      expect(contract.supportListQuery.shape.sort_by.parse(field)).toBe(field);
    expect(contract.withdrawalsListQuery.shape.sort_by.safeParse('hash').success).toBe(false);
    for (const status of facts.lotteryListStatuses)
      expect(contract.lotteryListQuery.parse({ status }).status).toBe(status);
    for (const status of facts.adminStatuses)
      expect(contract.adminsListQuery.parse({ status }).status).toBe(status);
    expect(contract.adminsListQuery.safeParse({ status: 'disabled' }).success).toBe(false);
  });

  it('the contract re-exports the same lists, not copies', () => {
    expect(contract.withdrawalStatuses).toBe(facts.withdrawalStatuses);
    expect(contract.withdrawalDecisionStatuses).toBe(facts.withdrawalDecisionStatuses);
    expect(contract.userUpdateStatuses).toBe(facts.userUpdateStatuses);
    expect(contract.minesListOrders).toBe(facts.minesListOrders);
    expect(contract.signInFailureReasons).toBe(facts.signInFailureReasons);
    expect(contract.ADMIN_MESSAGES).toBe(facts.adminMessages);
  });
});

describe('withdrawal groups', () => {
  it('open, processed and decision statuses are withdrawal statuses', () => {
    const all: readonly string[] = facts.withdrawalStatuses;
    for (const group of [
      facts.openWithdrawalStatuses,
      facts.processedWithdrawalStatuses,
      facts.withdrawalDecisionStatuses,
    ])
      for (const status of group) expect(all).toContain(status);
    expect(facts.openWithdrawalStatuses).toEqual(['pending', 'waiting', 'awaiting_approval']);
  });

  it('isOpenWithdrawalStatus follows the open group, any case', () => {
    expect(facts.isOpenWithdrawalStatus(' Awaiting_Approval ')).toBe(true);
    expect(facts.isOpenWithdrawalStatus('waiting')).toBe(true);
    expect(facts.isOpenWithdrawalStatus('approved')).toBe(false);
    expect(facts.isOpenWithdrawalStatus(null)).toBe(false);
  });

  it('status words and messages come from the facts', () => {
    expect(statusLabel('awaiting_approval')).toBe(facts.withdrawalStatusLabels.awaiting_approval);
    expect(statusLabel('pending_otp')).toBe('Pending OTP');
    expect(messages.withdrawal.reasonRequired).toBe(facts.withdrawalMessages.reasonRequired);
    expect(messages.support.idMissing).toBe(facts.supportMessages.idMissing);
  });
});
