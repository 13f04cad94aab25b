// Winner ranks: '1st', '2nd', ... and medals for the podium.

/** English ordinal: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 111th, ... */
export function ordinal(n: number): string {
  if (!Number.isInteger(n)) return String(n);
  const abs = Math.abs(n);
  const lastTwo = abs % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${n}th`;
  switch (abs % 10) {
    case 1:
      return `${n}st`;
    case 2:
      return `${n}nd`;
    case 3:
      return `${n}rd`;
    default:
      return `${n}th`;
  }
}

const MEDALS: Readonly<Record<number, string>> = { 1: '🥇', 2: '🥈', 3: '🥉' };

/** Medal mark for ranks 1-3, '' otherwise. */
export function medal(rank: number | null | undefined): string {
  return rank === null || rank === undefined ? '' : (MEDALS[rank] ?? '');
}
