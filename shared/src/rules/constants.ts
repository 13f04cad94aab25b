// Business constants and limits from shared/src/rules/constants.ts, in one place so UI, API and tests agree.

/** Toast behaviour (sonner-style options). */
export const TOAST = {
  durationMs: 4000,
  visibleToasts: 3,
  maxKept: 20,
  widthPx: 356,
  gapPx: 14,
  swipeThresholdPx: 20,
  removeDelayMs: 200,
  /** KeyboardEvent properties that must all be set; label is what the UI shows. */
  hotkey: ['altKey', 'KeyT'],
  hotkeyLabel: 'Alt+T',
  position: 'top-right',
} as const;

/** HTTP client: no timeout; 2xx is success. */
export const HTTP = {
  timeoutMs: 0,
  successMin: 200,
  successMax: 299,
} as const;

/**
 * Response header of a CSV export: how many rows it carries (counted with the same filter in the same
 * snapshot before the first byte), so the console can show progress. Here, not in the contract, so the
 * shell's HTTP client (on every page) does not bring zod.
 */
export const EXPORT_TOTAL_HEADER = 'x-total-count';
/**
 * Request header of a CSV export: the row count the console's list already showed. With it the API
 * skips its own count and streams the first rows at once (a large list's count takes a while); the
 * console counts the progress against its hint.
 */
export const EXPORT_TOTAL_HINT_HEADER = 'x-total-hint';

export const DASHBOARD_REFRESH_MS = 5 * 60 * 1000;

/** 'Upcoming Games' carousel; breakpoints are min widths in px, ascending. */
export const CAROUSEL = {
  autoplayMs: 3000,
  cardCount: 6,
  cards: ['Tournament 1', 'Battle Arena', 'Speed Challenge', 'Puzzle War', 'Quick Match', 'Grand Finale'],
  breakpoints: [
    { minWidth: 0, items: 1 },
    { minWidth: 576, items: 2 },
    { minWidth: 776, items: 3 },
    { minWidth: 1024, items: 3 },
    { minWidth: 1400, items: 5 },
    { minWidth: 1600, items: 6 },
  ],
} as const;

export const PAGINATION = {
  pageSizeOptions: [10, 25, 50, 100],
  defaultPageSize: 10,
  completedLotteriesPageSize: 10,
  minesPageSize: 5,
  ticketTablePageSize: 5,
  maxPageButtons: 5,
  /** Pagination control: pages always shown at each end, and pages shown on each side of the current. */
  marginPages: 1,
  pagesAroundCurrent: 2,
} as const;

/** Open/upcoming lottery lookups fetch this many at once. */
export const LOTTERY_LOOKUP_LIMIT = 100;

export const DEFAULT_SORT = { sortBy: 'createdAt', sortType: 'desc' } as const;

export const LOTTERY = {
  nameMin: 3,
  nameMax: 30,
  adminShareMin: 20,
  adminShareMax: 100,
  adminShareDefault: 20,
  resultDelayMinHours: 1,
  resultDelayMaxHours: 5,
  resultDelayDefaultHours: 1,
  resultDelayOptions: [1, 2, 3, 4, 5],
  ticketPriceInputMin: 1,
  ticketPriceStep: 0.01,
  winnersMin: 1,
  /** Not in the spec: a safety cap so a typo cannot build a million-row percentage list. */
  winnersMax: 1000,
  ticketNumberLength: 7,
  /** Grace for 'Start time cannot be in the past': date-time inputs have minute precision. */
  startGraceMs: 60 * 1000,
} as const;

export const AUTH = {
  twoFactorCodeLength: 6,
  passwordMinLength: 6,
} as const;

/** Local storage keys (the sidebar key is not in the spec, so it is not fixed here). */
export const STORAGE_KEYS = {
  authToken: 'auth_token',
  user: 'user',
} as const;

export const SIGN_UP_BONUS_USD = 2000;

export const SUPPORT_TEXT = {
  previewLength: 100,
  viewMoreThreshold: 80,
} as const;

export const BSC_EXPLORER_URL = 'https://bscscan.com';

/**
 * Four-eyes threshold limits (USDT, docs/operations.md), so one superadmin cannot switch four-eyes off in all
 * but name. `max`: no threshold above it is accepted at all. `approvalCeiling`: raising the threshold in
 * force above it (10x the default FOUR_EYES_THRESHOLD of 10,000), or turning four-eyes off, only takes effect
 * once a second superadmin approves it.
 */
export const FOUR_EYES = {
  max: '10000000',
  approvalCeiling: '100000',
} as const;

/** a <= b for non-negative decimal strings ('100000.5' vs '100000'), exact at any number of decimals. */
export function decimalAtMost(a: string, b: string): boolean {
  const [ai = '0', af = ''] = a.split('.');
  const [bi = '0', bf = ''] = b.split('.');
  const width = Math.max(af.length, bf.length);
  const scaled = (i: string, f: string) => BigInt(i + f.padEnd(width, '0'));
  return scaled(ai, af) <= scaled(bi, bf);
}
