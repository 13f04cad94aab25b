// Replacement ticket number on the announce-results screen (shared/src/rules).
import { messages } from './messages.ts';

/** Two capital letters then five digits, 7 characters: AB12345. */
export const TICKET_NUMBER_PATTERN = /^[A-Z]{2}\d{5}$/;

export const TICKET_NUMBER_INVALID = messages.ticket.invalidFormat;
export const TICKET_NOT_FOUND = messages.ticket.notFound;

/** The input is forced to upper case (surrounding blanks from a paste are dropped too). */
export function normalizeTicketInput(input: string | null | undefined): string {
  return (input ?? '').trim().toUpperCase();
}

/** The format message, or null when the (normalised) input is a valid ticket number. */
export function validateTicketNumber(input: string | null | undefined): string | null {
  return TICKET_NUMBER_PATTERN.test(normalizeTicketInput(input)) ? null : TICKET_NUMBER_INVALID;
}
