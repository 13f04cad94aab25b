export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export const iso = (ms: number) => new Date(ms).toISOString();
