import { execFile } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import type { DbHandle } from '../../src/db/types.ts';
import { PostgresStore, type SharedStore } from '../../src/lib/shared-store/index.ts';
import { connectRedisStore } from '../../src/lib/shared-store/redis.ts';
import { createAdmin, driver, freshDb, testClock, totpAt } from '../helpers.ts';
import {
  freshPgDatabase,
  kinds,
  openStore,
  REDIS_URL,
  redisUp,
  type StoreApp,
  statusCounts,
  storeApp,
} from '../shared-store-helpers.ts';

const PASSWORD = 'secret123';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const unique = (what: string) => `${what}-${randomBytes(4).toString('hex')}@example.com`;
const MINUTE = 60_000;

let db: DbHandle;
beforeAll(async () => {
  db = await freshDb();
});
afterAll(() => db.close());

// Default limits (RATE_LIMIT_MAX_FAILURES=5): 5 failures per account, 20 per IP. The SQL store is
// exercised on PostgreSQL (with PGlite the API uses the memory store; the contract test covers the rest).
describe.each(kinds(driver === 'postgres' ? ['postgres', 'redis'] : ['memory', 'redis']))(
  'sign-in limits on the $kind store',
  ({ kind, skip }) => {
    let store: SharedStore;
    let t: StoreApp;
    const clock = testClock();
    beforeAll(async () => {
      if (skip) return;
      store = await openStore(kind, db, 'login-limits');
      t = await storeApp({ db, store, clock });
    });
    afterAll(async () => {
      await t?.close();
      await store?.close();
    });

    it.skipIf(skip)('60 parallel wrong guesses on one account: 5 x 401 then 429, as in a row', async () => {
      const parallel = unique('par');
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, i) => t.login(parallel, 'wrong-pass', `10.60.0.${i}`)),
      );
      expect(statusCounts(answers)).toEqual({ 401: 5, 429: 55 });

      const sequential = unique('seq');
      const inARow: number[] = [];
      for (let i = 0; i < 60; i++)
        inARow.push((await t.login(sequential, 'wrong-pass', `10.61.0.${i}`)).statusCode);
      expect(inARow).toEqual([...Array(5).fill(401), ...Array(55).fill(429)]);
    });

    it.skipIf(skip)('300 parallel wrong guesses from one IP: 20 x 401 then 429, as in a row', async () => {
      const answers = await Promise.all(
        Array.from({ length: 300 }, (_, i) => t.login(unique(`ip${i}`), 'wrong-pass', '10.70.0.1')),
      );
      expect(statusCounts(answers)).toEqual({ 401: 20, 429: 280 });
      const limited = answers.find((a) => a.statusCode === 429)!;
      expect(limited.json().message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

      // In a row: the same 20, then every guess is refused (the first 30 show it).
      const inARow: number[] = [];
      for (let i = 0; i < 30; i++)
        inARow.push((await t.login(unique(`ipseq${i}`), 'wrong-pass', '10.70.0.2')).statusCode);
      expect(inARow).toEqual([...Array(20).fill(401), ...Array(10).fill(429)]);
    });

    it.skipIf(skip)(
      'parallel wrong guesses on one account from one IP: the refused ones do not count for the IP',
      async () => {
        const email = unique('mixed');
        const answers = await Promise.all(
          Array.from({ length: 60 }, () => t.login(email, 'wrong-pass', '10.80.0.1')),
        );
        expect(statusCounts(answers)).toEqual({ 401: 5, 429: 55 });
        // The IP has 5 failures of 20: 15 more guesses on other accounts are still answered.
        const more = await Promise.all(
          Array.from({ length: 16 }, (_, i) => t.login(unique(`other${i}`), 'wrong-pass', '10.80.0.1')),
        );
        expect(statusCounts(more)).toEqual({ 401: 15, 429: 1 });
      },
    );

    it.skipIf(skip)(
      'back-off: the wait doubles per failure up to 15 minutes; the owner gets in after it',
      async () => {
        const email = unique('owner');
        await createAdmin(db, { email, password: PASSWORD });
        for (let i = 0; i < 5; i++) expect((await t.login(email, 'wrong-pass')).statusCode).toBe(401);
        const waits: string[] = [];
        for (const minutes of [1, 2, 4, 8, 15, 15]) {
          const locked = await t.login(email, PASSWORD);
          expect(locked.statusCode).toBe(429);
          expect(Number(locked.headers['retry-after'])).toBe(minutes * 60);
          waits.push(locked.json().message);
          clock.advance(minutes * MINUTE - 1000);
          expect((await t.login(email, PASSWORD)).statusCode).toBe(429); // not a second early
          clock.advance(1000);
          if (minutes === 15 && waits.length === 6) break;
          expect((await t.login(email, 'wrong-pass')).statusCode).toBe(401); // one guess after each wait
        }
        expect(waits).toEqual([
          'Too many attempts. Please try again in 1 minute.',
          ...[2, 4, 8, 15, 15].map((m) => `Too many attempts. Please try again in ${m} minutes.`),
        ]);
        // After the wait the right password always gets in, and the failures are forgotten.
        const ok = await t.login(email, PASSWORD);
        expect(ok.statusCode).toBe(200);
        expect(ok.json().data.token).toEqual(expect.any(String));
        for (let i = 0; i < 5; i++) expect((await t.login(email, 'wrong-pass')).statusCode).toBe(401);
        expect((await t.login(email, PASSWORD)).statusCode).toBe(429);
      },
    );

    it.skipIf(skip)(
      'back-off on 2FA codes: the owner with the right password and code gets in after the wait',
      async () => {
        const email = unique('tfa');
        await createAdmin(db, { email, password: PASSWORD, twoFactorSecret: SECRET });
        const good = await totpAt(SECRET, clock());
        const wrong = good === '000000' ? '111111' : '000000';
        const answers = await Promise.all(
          Array.from({ length: 20 }, () => t.login(email, PASSWORD, '10.90.0.1', wrong)),
        );
        expect(statusCounts(answers)).toEqual({ 401: 5, 429: 15 });
        const locked = await t.login(email, PASSWORD, '10.90.0.1', good);
        expect(locked.statusCode).toBe(429);
        expect(locked.json().message).toBe('Too many attempts. Please try again in 1 minute.');
        clock.advance(MINUTE);
        const ok = await t.login(email, PASSWORD, '10.90.0.1', await totpAt(SECRET, clock()));
        expect(ok.statusCode).toBe(200);
        expect(ok.json().message).toBe('Login successful');
      },
    );
  },
);

const API_DIR = fileURLToPath(new URL('../..', import.meta.url));

/** `pnpm -C api unlock-admin <email>` (the script runs `tsx src/cli.ts unlock-admin`). */
function unlockAdmin(email: string, env: Record<string, string>) {
  return new Promise<{ code: number; out: string }>((resolve) => {
    const clean = { ...process.env };
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'DATA_DIR']) delete clean[name];
    execFile(
      `${API_DIR}node_modules/.bin/tsx`,
      ['src/cli.ts', 'unlock-admin', email],
      { cwd: API_DIR, env: { ...clean, ...env } },
      (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, out: `${stdout}${stderr}` }),
    );
  });
}

const runAddress = () => `10.99.${randomInt(256)}.${1 + randomInt(254)}`;

/** Locks `email` (5 failures), runs unlock-admin, and expects the owner to get in at once. */
async function lockThenUnlock(t: StoreApp, on: DbHandle, email: string, env: Record<string, string>) {
  await createAdmin(on, { email, password: PASSWORD });
  // Addresses of this run: a shared Redis keeps each address's failures for 15 minutes, across runs.
  const [bad, good] = [runAddress(), runAddress()];
  for (let i = 0; i < 5; i++) expect((await t.login(email, 'wrong-pass', bad)).statusCode).toBe(401);
  expect((await t.login(email, PASSWORD, good)).statusCode).toBe(429);
  const run = await unlockAdmin(email.toUpperCase(), env);
  expect(run.out).toContain(`Unlocked ${email}`);
  expect(run.code).toBe(0);
  expect((await t.login(email, PASSWORD, good)).statusCode).toBe(200);
  const again = await unlockAdmin(email, env);
  expect(again.out).toContain('had no failed sign-ins');
}

describe('unlock-admin', () => {
  it('with the embedded database, says the counters live in the API process', async () => {
    const run = await unlockAdmin('owner@example.com', {});
    expect(run.code).toBe(1);
    expect(run.out).toContain('restart the API to clear them');
  });

  it.skipIf(!redisUp)('clears the lockout in Redis (REDIS_URL)', async () => {
    // The CLI uses the API's own key prefix; the e-mail is unique to this run.
    const store = await connectRedisStore(REDIS_URL, 'bo:');
    const t = await storeApp({ db, store });
    try {
      await lockThenUnlock(t, db, unique('unlock-redis'), { REDIS_URL });
    } finally {
      await t.close();
      await store.close();
    }
  });

  if (driver === 'postgres')
    it('clears the lockout in PostgreSQL (DATABASE_URL, no REDIS_URL)', async () => {
      const pg = await freshPgDatabase();
      const store = new PostgresStore(pg.db, 'bo:');
      const t = await storeApp({ db: pg.db, store });
      try {
        await lockThenUnlock(t, pg.db, unique('unlock-pg'), { DATABASE_URL: pg.url });
      } finally {
        await t.close();
        await pg.drop();
      }
    });
});

describe('client IP behind the proxy (TRUST_PROXY)', () => {
  const settings = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;

  it('takes a number of hops or the proxies addresses, and never "trust everything"', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(settings('0')).toBe(false);
    expect(settings('1')).toBe(1);
    expect(settings('loopback, 10.0.0.0/8,::1')).toEqual(['loopback', '10.0.0.0/8', '::1']);
    for (const bad of ['true', 'yes', '10.0.0.300', '10.0.0.0/33', 'proxy.example.com'])
      expect(() => settings(bad), bad).toThrow(/TRUST_PROXY: give the number of proxy hops/);
  });

  // The proxy (127.0.0.1) appends the address it sees to X-Forwarded-For; whatever the client wrote
  // in front of it must not change the key of the limit.
  describe.each([
    { trust: '1', name: 'one hop' },
    { trust: '127.0.0.1', name: "the proxy's address" },
  ])('TRUST_PROXY=$trust ($name)', ({ trust }) => {
    let t: StoreApp;
    let store: SharedStore;
    beforeAll(async () => {
      store = await openStore('memory', db, 'proxy');
      t = await storeApp({
        db,
        store,
        env: { TRUST_PROXY: trust },
        rateLimits: { loginIp: { max: 3, windowMs: 15 * MINUTE } },
      });
    });
    afterAll(() => t.close());

    const viaProxy = (spoofed: string, client: string) =>
      t.call('POST', '/api/admin/auth/login', {
        ip: '127.0.0.1',
        headers: { 'x-forwarded-for': spoofed ? `${spoofed}, ${client}` : client },
        body: { email: unique('xff'), password: 'wrong-pass' },
      });

    it('a spoofed X-Forwarded-For cannot reset the counter of the real client', async () => {
      const codes: number[] = [];
      for (const spoofed of ['', '1.1.1.1', '2.2.2.2, 3.3.3.3', '198.51.100.9'])
        codes.push((await viaProxy(spoofed, '203.0.113.7')).statusCode);
      expect(codes).toEqual([401, 401, 401, 429]);
      // Another client behind the same proxy is counted apart.
      expect((await viaProxy('203.0.113.7', '203.0.113.8')).statusCode).toBe(401);
    });
  });

  it('by default no X-Forwarded-For is believed: the key is the peer address', async () => {
    const store = await openStore('memory', db, 'proxy-default');
    const t = await storeApp({ db, store, rateLimits: { loginIp: { max: 2, windowMs: 15 * MINUTE } } });
    try {
      const codes: number[] = [];
      for (const xff of ['1.1.1.1', '2.2.2.2', '3.3.3.3'])
        codes.push(
          (
            await t.call('POST', '/api/admin/auth/login', {
              ip: '203.0.113.20',
              headers: { 'x-forwarded-for': xff },
              body: { email: unique('noxff'), password: 'wrong-pass' },
            })
          ).statusCode,
        );
      expect(codes).toEqual([401, 401, 429]);
    } finally {
      await t.close();
    }
  });

  it('with a list of proxies, a client that is not one of them cannot pose as another client', async () => {
    const store = await openStore('memory', db, 'proxy-direct');
    const t = await storeApp({
      db,
      store,
      env: { TRUST_PROXY: '127.0.0.1' },
      rateLimits: { loginIp: { max: 2, windowMs: 15 * MINUTE } },
    });
    try {
      const direct = (xff: string) =>
        t.call('POST', '/api/admin/auth/login', {
          ip: '203.0.113.30',
          headers: { 'x-forwarded-for': xff },
          body: { email: unique('direct'), password: 'wrong-pass' },
        });
      expect([(await direct('1.1.1.1')).statusCode, (await direct('2.2.2.2')).statusCode]).toEqual([
        401, 401,
      ]);
      expect((await direct('4.4.4.4')).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});
