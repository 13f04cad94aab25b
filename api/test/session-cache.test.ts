import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionCache } from '../src/plugins/session-cache.ts';
import type { RequestAdmin } from '../src/types.ts';

const admin = (jti: string): RequestAdmin => ({
  id: 1,
  email: 'root@example.com',
  name: 'Root',
  roles: ['lottery'],
  twoFactorEnabled: true,
  jti,
  signIn: jti,
  signedInAt: 0,
  scope: 'session',
});

describe('SessionCache', () => {
  let now = 1_000_000;
  const clock = () => now;
  const inAnHour = () => Date.now() + 3_600_000;
  afterEach(() => vi.useRealTimers());

  it('trusts a checked token for ttlMs of the app clock, then forgets it', () => {
    const cache = new SessionCache(1000, clock);
    cache.set('token-a', admin('a'), inAnHour());
    now += 999;
    expect(cache.get('token-a')?.jti).toBe('a');
    now += 1;
    expect(cache.get('token-a')).toBeUndefined();
  });

  it('never serves a token past its own expiry', () => {
    vi.useFakeTimers({ now: 5_000_000 });
    const cache = new SessionCache(60_000, clock);
    cache.set('token-a', admin('a'), 5_000_500);
    expect(cache.get('token-a')).toBeDefined();
    vi.setSystemTime(5_000_500);
    expect(cache.get('token-a')).toBeUndefined();
  });

  it('forgets every token of a session at once, and only those', () => {
    const cache = new SessionCache(60_000, clock);
    cache.set('token-a1', admin('a'), inAnHour());
    cache.set('token-a2', admin('a'), inAnHour());
    cache.set('token-b', admin('b'), inAnHour());
    cache.forget('a');
    expect(cache.get('token-a1')).toBeUndefined();
    expect(cache.get('token-a2')).toBeUndefined();
    expect(cache.get('token-b')?.jti).toBe('b');
  });

  it('caches nothing with a ttl of 0, and starts over when full', () => {
    const off = new SessionCache(0, clock);
    off.set('token-a', admin('a'), inAnHour());
    expect(off.get('token-a')).toBeUndefined();
    const small = new SessionCache(60_000, clock, 2);
    small.set('token-a', admin('a'), inAnHour());
    small.set('token-b', admin('b'), inAnHour());
    small.set('token-c', admin('c'), inAnHour());
    expect([small.get('token-a'), small.get('token-b'), small.get('token-c')?.jti]).toEqual([
      undefined,
      undefined,
      'c',
    ]);
  });

  it('revoke forgets the session here and records it for the other replicas, which check before serving', async () => {
    const records = new Map<string, string>();
    const revocations = {
      put: async (jti: string, record: string) => void records.set(jti, record),
      get: async (jti: string) => records.get(jti) ?? null,
    };
    const here = new SessionCache(60_000, clock, 10_000, revocations);
    const there = new SessionCache(60_000, clock, 10_000, revocations);
    here.set('token-a', admin('a'), inAnHour());
    there.set('token-a', admin('a'), inAnHour());
    there.set('token-b', admin('b'), inAnHour());
    expect(here.shared).toBe(true);
    expect(await there.lookup('token-a')).toEqual({ admin: admin('a') });
    await here.revoke('a');
    expect(here.get('token-a')).toBeUndefined();
    // The other replica still holds the token: the shared record is what refuses it.
    expect(there.get('token-a')?.jti).toBe('a');
    expect(await there.lookup('token-a')).toEqual({ ended: true });
    expect(there.get('token-a')).toBeUndefined();
    expect(await there.lookup('token-b')).toEqual({ admin: admin('b') });
  });

  it("a change of the session's admin sends its cached tokens to a full check once, on every replica", async () => {
    const records = new Map<string, string>();
    const revocations = {
      put: async (jti: string, record: string) => void records.set(jti, record),
      get: async (jti: string) => records.get(jti) ?? null,
    };
    const here = new SessionCache(60_000, clock, 10_000, revocations);
    const there = new SessionCache(60_000, clock, 10_000, revocations);
    there.set('token-a', admin('a'), inAnHour());
    await here.changed('a');
    const lookup = await there.lookup('token-a');
    expect(lookup).toEqual({ mark: records.get('a') });
    // Checked again under that mark: served from the cache until the next change.
    there.set('token-a', admin('a'), inAnHour(), (lookup as { mark: string }).mark);
    expect(await there.lookup('token-a')).toEqual({ admin: admin('a') });
    await here.changed('a');
    expect(await there.lookup('token-a')).toEqual({ mark: records.get('a') });
  });

  it('a shared store that does not answer sends the token to the full check', async () => {
    const failing = {
      put: async () => {},
      get: async (): Promise<string | null> => {
        throw new Error('down');
      },
    };
    const cache = new SessionCache(60_000, clock, 10_000, failing);
    cache.set('token-a', admin('a'), inAnHour());
    expect(await cache.lookup('token-a')).toEqual({ mark: null });
  });

  it('without shared revocations (one process), revoke and changed are local forgets', async () => {
    const cache = new SessionCache(60_000, clock);
    cache.set('token-a', admin('a'), inAnHour());
    cache.set('token-b', admin('b'), inAnHour());
    expect(cache.shared).toBe(false);
    expect(await cache.lookup('token-a')).toEqual({ admin: admin('a') });
    await cache.revoke('a');
    await cache.changed('b');
    expect(await cache.lookup('token-a')).toEqual({ mark: null });
    expect(await cache.lookup('token-b')).toEqual({ mark: null });
  });
});
