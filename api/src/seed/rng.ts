import { canonicalDecimal } from '../db/parsers.ts';

/** Deterministic PRNG (mulberry32): the same seed gives the same sequence on every machine. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** [0, 1) */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Picks a key by weight: weighted({ a: 3, b: 1 }). */
  weighted<K extends string>(weights: Record<K, number>): K {
    const entries = Object.entries(weights) as [K, number][];
    const total = entries.reduce((s, [, w]) => s + w, 0);
    let r = this.next() * total;
    for (const [k, w] of entries) {
      r -= w;
      if (r < 0) return k;
    }
    return entries[entries.length - 1]![0];
  }

  hex(length: number): string {
    let s = '';
    for (let i = 0; i < length; i++) s += '0123456789abcdef'[this.int(0, 15)];
    return s;
  }
}

/** Integer cents -> canonical decimal string, as the API sends money (1234 -> "12.34", 1500 -> "15", -5 -> "-0.05"). */
export function centsToString(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return canonicalDecimal(`${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`);
}

/** The same numbering as the SQL function ticket_number_for (migration 001). */
export function ticketNumberFor(id: number): string {
  const n = Number((BigInt(id) * 15485863n + 7654321n) % 67600000n);
  const letters = Math.floor(n / 100000);
  return (
    String.fromCharCode(65 + Math.floor(letters / 26)) +
    String.fromCharCode(65 + (letters % 26)) +
    String(n % 100000).padStart(5, '0')
  );
}
