import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/types.ts';
import type { SharedStore } from '../src/lib/shared-store/index.ts';
import { freshDb } from './helpers.ts';
import { kinds, openStore } from './shared-store-helpers.ts';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

let db: DbHandle;
beforeAll(async () => {
  db = await freshDb();
});
afterAll(() => db.close());

// One contract, three stores: memory (embedded PGlite), PostgreSQL (shared_take in
// 007_shared_state.sql; on PGlite in the pglite project) and Redis (Lua), so they cannot drift apart.
describe.each(kinds())('shared store: $kind', ({ kind, skip }) => {
  let store: SharedStore;
  const t0 = 1_900_000_000_000;
  beforeAll(async () => {
    if (!skip) store = await openStore(kind, db, 'contract');
  });
  afterAll(() => store?.close());

  it.skipIf(skip)(
    'fixed window: max attempts, then locked until the window (from the first) ends',
    async () => {
      const rule = { max: 3, windowMs: 10_000 };
      expect((await store.take('fw', rule, t0)).retryAfterMs).toBe(0);
      expect((await store.take('fw', rule, t0 + 1000)).retryAfterMs).toBe(0);
      expect((await store.take('fw', rule, t0 + 2000)).retryAfterMs).toBe(0);
      expect((await store.take('fw', rule, t0 + 4000)).retryAfterMs).toBe(6000);
      // A refused attempt is not counted and does not extend the window.
      expect((await store.take('fw', rule, t0 + 9999)).retryAfterMs).toBe(1);
      expect((await store.take('fw', rule, t0 + 10_000)).retryAfterMs).toBe(0);
      expect((await store.take('fw', rule, t0 + 10_001)).retryAfterMs).toBe(0);
      expect((await store.take('fw', rule, t0 + 10_002)).retryAfterMs).toBe(0);
      expect((await store.take('fw', rule, t0 + 10_003)).retryAfterMs).toBe(10_000 - 3);
    },
  );

  it.skipIf(skip)(
    'lockedUntil reads a lock without counting, 0 for none, a value or a missing key',
    async () => {
      const rule = { max: 2, windowMs: 60_000, lockMs: 1000 };
      expect(await store.lockedUntil('lu', t0)).toBe(0);
      await store.take('lu', rule, t0);
      expect(await store.lockedUntil('lu', t0)).toBe(0);
      await store.take('lu', rule, t0);
      expect(await store.lockedUntil('lu', t0 + 10)).toBe(t0 + 1000);
      expect(await store.lockedUntil('lu', t0 + 10)).toBe(t0 + 1000);
      expect(await store.lockedUntil('lu', t0 + 1000)).toBe(0);
      await store.set('lu-value', 'x', 60_000);
      expect(await store.lockedUntil('lu-value', Date.now())).toBe(0);
    },
  );

  it.skipIf(skip)('giveBack un-counts an attempt and lifts the lock below max', async () => {
    const rule = { max: 2, windowMs: 10_000 };
    await store.take('gb', rule, t0);
    await store.take('gb', rule, t0);
    expect((await store.take('gb', rule, t0 + 1)).retryAfterMs).toBe(9999);
    await store.giveBack('gb', rule, t0 + 2);
    expect((await store.take('gb', rule, t0 + 3)).retryAfterMs).toBe(0);
    expect((await store.take('gb', rule, t0 + 4)).retryAfterMs).toBe(9996);
    // Never below zero; nothing happens to an unknown key.
    for (let i = 0; i < 4; i++) await store.giveBack('gb', rule, t0 + 5);
    await store.giveBack('unknown', rule, t0 + 5);
    expect((await store.take('gb', rule, t0 + 6)).retryAfterMs).toBe(0);
    expect((await store.take('gb', rule, t0 + 6)).retryAfterMs).toBe(0);
    expect((await store.take('gb', rule, t0 + 6)).retryAfterMs).toBeGreaterThan(0);
  });

  it.skipIf(skip)(
    'back-off: the lock doubles per further attempt up to the cap, one attempt after each wait',
    async () => {
      const rule = { max: 2, windowMs: 60_000, lockMs: 1000, maxLockMs: 4000 };
      let t = t0;
      expect((await store.take('bo', rule, t)).retryAfterMs).toBe(0);
      expect((await store.take('bo', rule, t)).retryAfterMs).toBe(0); // 2nd: locked 1 s
      expect((await store.take('bo', rule, t + 400)).retryAfterMs).toBe(600);
      t += 1000;
      expect((await store.take('bo', rule, t)).retryAfterMs).toBe(0); // 3rd: locked 2 s
      expect((await store.take('bo', rule, t)).retryAfterMs).toBe(2000);
      t += 2000;
      expect((await store.take('bo', rule, t)).retryAfterMs).toBe(0); // 4th: 4 s
      expect((await store.take('bo', rule, t)).retryAfterMs).toBe(4000);
      t += 4000;
      expect((await store.take('bo', rule, t)).retryAfterMs).toBe(0); // 5th: 8 s, capped at 4 s
      expect((await store.take('bo', rule, t)).retryAfterMs).toBe(4000);
      // Forgotten windowMs after the last lock ends: the next attempt starts over (no lock at 1).
      t += 4000 + 60_000;
      expect((await store.take('bo', rule, t)).retryAfterMs).toBe(0);
      expect((await store.take('bo', rule, t)).retryAfterMs).toBe(0);
      expect((await store.take('bo', rule, t)).retryAfterMs).toBe(1000);
    },
  );

  it.skipIf(skip)('parallel takes count exactly as takes in a row', async () => {
    const fixed = await Promise.all(
      Array.from({ length: 60 }, () => store.take('par-fixed', { max: 7, windowMs: 60_000 }, t0)),
    );
    expect(fixed.filter((r) => r.retryAfterMs === 0)).toHaveLength(7);
    const backoff = await Promise.all(
      Array.from({ length: 60 }, () =>
        store.take('par-bo', { max: 5, windowMs: 60_000, lockMs: 60_000, maxLockMs: 900_000 }, t0),
      ),
    );
    expect(backoff.filter((r) => r.retryAfterMs === 0)).toHaveLength(5);
    expect(backoff.filter((r) => r.retryAfterMs === 60_000)).toHaveLength(55);
  });

  it.skipIf(skip)(
    'values live for their ttl; del removes values and counters and says how many existed',
    async () => {
      await store.set('v1', 'one', 60_000);
      await store.set('v2', 'two', 60);
      await store.set('v1', 'uno', 60_000);
      expect(await store.get('v1')).toBe('uno');
      expect(await store.get('v2')).toBe('two');
      expect(await store.get('nothing')).toBeNull();
      await pause(120);
      expect(await store.get('v2')).toBeNull();
      await store.take('c1', { max: 1, windowMs: 60_000 }, Date.now());
      expect((await store.take('c1', { max: 1, windowMs: 60_000 }, Date.now())).retryAfterMs).toBeGreaterThan(
        0,
      );
      expect(await store.del(['v1', 'c1', 'nothing'])).toBe(2);
      expect(await store.get('v1')).toBeNull();
      expect((await store.take('c1', { max: 1, windowMs: 60_000 }, Date.now())).retryAfterMs).toBe(0);
      expect(await store.del([])).toBe(0);
    },
  );

  // The memory store belongs to one process: it has no prefix.
  if (kind !== 'memory')
    it.skipIf(skip)('keys are kept apart by prefix', async () => {
      const other = await openStore(kind, db, 'contract-other');
      try {
        await store.set('same', 'mine', 60_000);
        expect(await other.get('same')).toBeNull();
        await other.set('same', 'theirs', 60_000);
        expect(await store.get('same')).toBe('mine');
      } finally {
        await other.close();
      }
    });
});
