import { describe, expect, it } from 'vitest';
import {
  AUTH,
  CAROUSEL,
  DASHBOARD_REFRESH_MS,
  LOTTERY,
  LOTTERY_LOOKUP_LIMIT,
  messages,
  normalizeTicketInput,
  PAGINATION,
  SIGN_UP_BONUS_USD,
  STORAGE_KEYS,
  TICKET_NOT_FOUND,
  TICKET_NUMBER_PATTERN,
  TOAST,
  validateBulkSelection,
  validateSupportId,
  validateTicketNumber,
  validateWithdrawalStatusForm,
} from '../src/rules/index.ts';

const INVALID_TICKET =
  'Invalid ticket number format. Must be 2 alphabets followed by 5 numbers (e.g., AB12345)';

describe('ticket number', () => {
  it('matches two capitals and five digits', () => {
    expect(TICKET_NUMBER_PATTERN.test('AB12345')).toBe(true);
    for (const bad of [
      'ab12345',
      'A123456',
      'AB1234',
      'AB123456',
      'ABC1234',
      'AB 12345',
      'ÄB12345',
      'AB12345\n',
    ]) {
      expect(TICKET_NUMBER_PATTERN.test(bad)).toBe(false);
    }
  });

  it('forces upper case', () => {
    expect(normalizeTicketInput('ab12345')).toBe('AB12345');
    expect(normalizeTicketInput(' xy00001 ')).toBe('XY00001');
    expect(normalizeTicketInput(null)).toBe('');
  });

  it('validates the normalised input with the spec message', () => {
    expect(validateTicketNumber('AB12345')).toBeNull();
    expect(validateTicketNumber('ab12345')).toBeNull();
    expect(validateTicketNumber('AB1234')).toBe(INVALID_TICKET);
    expect(validateTicketNumber('12ABCDE')).toBe(INVALID_TICKET);
    expect(validateTicketNumber('')).toBe(INVALID_TICKET);
    expect(validateTicketNumber(undefined)).toBe(INVALID_TICKET);
    expect(messages.ticket.invalidFormat).toBe(INVALID_TICKET);
    expect(TICKET_NOT_FOUND).toBe('Ticket not found or already used');
  });
});

describe('withdrawal status form', () => {
  it('requires a status', () => {
    expect(validateWithdrawalStatusForm({})).toEqual({ status: 'Status is required' });
    expect(validateWithdrawalStatusForm({ status: '' })).toEqual({ status: 'Status is required' });
    expect(validateWithdrawalStatusForm({ status: null, reason: 'x' })).toEqual({
      status: 'Status is required',
    });
  });

  it('requires a reason only for rejection', () => {
    expect(validateWithdrawalStatusForm({ status: 'approved' })).toEqual({});
    expect(validateWithdrawalStatusForm({ status: 'rejected' })).toEqual({
      reason: 'Reason is required for rejection',
    });
    expect(validateWithdrawalStatusForm({ status: 'rejected', reason: '   ' })).toEqual({
      reason: 'Reason is required for rejection',
    });
    expect(validateWithdrawalStatusForm({ status: 'rejected', reason: 'Wrong address' })).toEqual({});
  });

  it('needs a selection for bulk updates', () => {
    expect(validateBulkSelection([])).toBe('Please select withdrawals to update');
    expect(validateBulkSelection(null)).toBe('Please select withdrawals to update');
    expect(validateBulkSelection([1, 2])).toBeNull();
  });
});

describe('support id', () => {
  it('is required', () => {
    expect(validateSupportId(undefined)).toBe('Support ID is missing');
    expect(validateSupportId(null)).toBe('Support ID is missing');
    expect(validateSupportId('')).toBe('Support ID is missing');
    expect(validateSupportId(0)).toBe('Support ID is missing');
    expect(validateSupportId(7)).toBeNull();
    expect(validateSupportId('7')).toBeNull();
  });
});

describe('constants (spec section 9)', () => {
  it('toasts', () => {
    expect(TOAST).toMatchObject({
      durationMs: 4000,
      visibleToasts: 3,
      maxKept: 20,
      widthPx: 356,
      gapPx: 14,
      swipeThresholdPx: 20,
      removeDelayMs: 200,
      hotkeyLabel: 'Alt+T',
    });
    expect(TOAST.hotkey).toEqual(['altKey', 'KeyT']);
  });

  it('dashboard and carousel', () => {
    expect(DASHBOARD_REFRESH_MS).toBe(300_000);
    expect(CAROUSEL.autoplayMs).toBe(3000);
    expect(CAROUSEL.cards).toHaveLength(CAROUSEL.cardCount);
    expect(CAROUSEL.breakpoints.map((point) => [point.minWidth, point.items])).toEqual([
      [0, 1],
      [576, 2],
      [776, 3],
      [1024, 3],
      [1400, 5],
      [1600, 6],
    ]);
  });

  it('paging', () => {
    expect(PAGINATION.pageSizeOptions).toEqual([10, 25, 50, 100]);
    expect(PAGINATION).toMatchObject({
      defaultPageSize: 10,
      completedLotteriesPageSize: 10,
      minesPageSize: 5,
      ticketTablePageSize: 5,
      maxPageButtons: 5,
      marginPages: 1,
      pagesAroundCurrent: 2,
    });
    expect(LOTTERY_LOOKUP_LIMIT).toBe(100);
  });

  it('limits', () => {
    expect(LOTTERY).toMatchObject({
      nameMin: 3,
      nameMax: 30,
      adminShareMin: 20,
      adminShareMax: 100,
      adminShareDefault: 20,
      resultDelayMinHours: 1,
      resultDelayMaxHours: 5,
      resultDelayDefaultHours: 1,
      ticketPriceInputMin: 1,
      ticketPriceStep: 0.01,
      ticketNumberLength: 7,
    });
    expect(LOTTERY.resultDelayOptions).toEqual([1, 2, 3, 4, 5]);
    expect(AUTH).toEqual({ twoFactorCodeLength: 6, passwordMinLength: 6 });
    expect(STORAGE_KEYS).toEqual({ authToken: 'auth_token', user: 'user' });
    expect(SIGN_UP_BONUS_USD).toBe(2000);
  });
});
