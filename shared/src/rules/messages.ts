// Every validation text of the product, verbatim. UIs, the API and tests import these
// instead of retyping them. Texts marked "not in the spec" fill gaps the spec leaves open.
import { supportMessages } from '../facts/support.ts';
import { withdrawalMessages } from '../facts/withdrawals.ts';
import { LOTTERY } from './constants.ts';

export const messages = {
  login: {
    emailRequired: 'Email is required',
    emailInvalid: 'Invalid email format',
    passwordRequired: 'Password is required',
    passwordTooShort: 'Password must be at least 6 characters',
    twoFactorInvalid: 'Please enter a valid 6-digit code',
  },
  ticket: {
    invalidFormat: 'Invalid ticket number format. Must be 2 alphabets followed by 5 numbers (e.g., AB12345)',
    notFound: 'Ticket not found or already used',
  },
  lottery: {
    nameTooShort: 'Name must be at least 3 characters',
    nameTooLong: 'Name must not exceed 30 characters',
    submitNameTooShort: 'Lottery name must be at least 3 characters',
    submitNameTooLong: 'Lottery name must not exceed 30 characters',
    ticketPriceInvalid: 'Ticket price must be greater than 0',
    /** Not in the spec (its price input steps by 0.01). */
    ticketPriceDecimals: 'Ticket price can have at most 2 decimal places',
    /** Not in the spec. */
    startRequired: 'Start time is required',
    /** Not in the spec. */
    endRequired: 'End time is required',
    startInPast: 'Start time cannot be in the past',
    startAfterEnd: 'Start time must be before end time',
    endBeforeStart: 'End time must be after start time',
    resultDelayTooShort: 'Result announcement must be at least 1 hour',
    submitResultDelayTooShort: 'Result announcement must be at least 1 hour after end time',
    /** Not in the spec (the spec only bounds the select to 5 hours). */
    resultDelayTooLong: 'Result announcement cannot exceed 5 hours',
    winnersMin: 'Number of winners must be at least 1',
    /** Not in the spec: safety cap, see LOTTERY.winnersMax. */
    winnersMax: `Number of winners cannot exceed ${LOTTERY.winnersMax}`,
    adminShareMin: 'Admin share must be at least 20%',
    adminShareMax: 'Admin share cannot exceed 100%',
    /** Not in the spec (it only says the share is an integer). */
    adminShareInteger: 'Admin share must be a whole number',
    /** Not in the spec. */
    percentageRange: 'Percentage must be between 0 and 100',
    /** Not in the spec. */
    percentageDecimals: 'Percentage can have at most 2 decimal places',
    /** Not in the spec: the API must get one percentage per winner. */
    percentageCount: (winners: number): string =>
      `Winner percentages must be given for all ${winners} winners`,
    /** n and m without trailing zeros: 'Total percentage must equal 80%. Current total: 79.5%'. */
    totalPercentage: (expected: string | number, current: string | number): string =>
      `Total percentage must equal ${expected}%. Current total: ${current}%`,
  },
  withdrawal: {
    statusRequired: withdrawalMessages.statusRequired,
    reasonRequired: withdrawalMessages.reasonRequired,
    noneSelected: withdrawalMessages.noneSelected,
  },
  support: {
    idMissing: supportMessages.idMissing,
  },
} as const;
