import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { drainHttp, shutdownDrainMs, shutdownTimeoutMs } from '../src/lib/shutdown.ts';

/**
 * The HTTP side of a graceful shutdown (server.ts runs it on SIGTERM; test/server.test.ts does that to the
 * real process): the closing flag, requests in flight finished, and the bound.
 */
async function listening(): Promise<{ app: FastifyInstance; url: string; release: () => void }> {
  const app = Fastify();
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  // An encapsulated plugin, as the route modules are: it reads the flag set later on the root instance.
  await app.register(async (routes) => {
    routes.get('/held', async () => {
      const before = !!routes.closing;
      await held;
      return { before, after: !!routes.closing };
    });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { app, url: `http://127.0.0.1:${port}`, release };
}

describe('graceful shutdown', () => {
  it('SHUTDOWN_TIMEOUT_MS: default 10 s, a clear message for a bad value', () => {
    expect(shutdownTimeoutMs({})).toBe(10_000);
    expect(shutdownTimeoutMs({ SHUTDOWN_TIMEOUT_MS: '2500' })).toBe(2500);
    const message =
      'Invalid environment: SHUTDOWN_TIMEOUT_MS must be a whole number of milliseconds, 0 or more';
    expect(() => shutdownTimeoutMs({ SHUTDOWN_TIMEOUT_MS: 'soon' })).toThrow(message);
    expect(() => shutdownTimeoutMs({ SHUTDOWN_TIMEOUT_MS: '-1' })).toThrow(message);
    expect(() => shutdownTimeoutMs({ SHUTDOWN_TIMEOUT_MS: '1.5' })).toThrow(message);
  });

  it('marks the app closing (seen by route plugins) and waits for the request in flight', async () => {
    const { app, url, release } = await listening();
    const inFlight = fetch(`${url}/held`);
    await new Promise((r) => setTimeout(r, 100));
    const drained = drainHttp(app, 5000);
    expect(app.closing).toBe(true);
    setTimeout(release, 300);
    const res = await inFlight;
    expect(res.status).toBe(200);
    // The route plugin's own instance sees the flag set on the root (readiness reads it so).
    expect(await res.json()).toEqual({ before: false, after: true });
    expect(await drained).toBe(0);
  });

  it('SHUTDOWN_DRAIN_MS: serves on (new requests answered) while closing, then closes', async () => {
    expect(shutdownDrainMs({})).toBe(0);
    expect(shutdownDrainMs({ SHUTDOWN_DRAIN_MS: '3000' })).toBe(3000);
    expect(() => shutdownDrainMs({ SHUTDOWN_DRAIN_MS: 'later' })).toThrow(
      /SHUTDOWN_DRAIN_MS must be a whole number/,
    );
    const { app, url, release } = await listening();
    release();
    const started = Date.now();
    const drained = drainHttp(app, 5000, 400);
    expect(app.closing).toBe(true);
    // A new request during the drain is served (a closing Fastify would answer it 503).
    const during = await fetch(`${url}/held`);
    expect(during.status).toBe(200);
    expect(await during.json()).toEqual({ before: true, after: true });
    expect(await drained).toBe(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    await expect(fetch(`${url}/held`)).rejects.toThrow();
  });

  it('cuts a request still running after the bound instead of waiting for it', async () => {
    const { app, url, release } = await listening();
    const stuck = fetch(`${url}/held`).then(
      () => 'answered',
      () => 'cut',
    );
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    expect(await drainHttp(app, 300)).toBe(1);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await stuck).toBe('cut');
    release();
  });
});
