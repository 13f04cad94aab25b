import { request } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { Readable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BODY_LIMIT, JSON_TOO_DEEP, serverOptions } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { ADMIN, createTestApp, type TestApp } from '../helpers.ts';

/**
 * Small bodies except where a route needs more, a JSON nesting limit checked before the
 * parse, and request/connection timeouts that close slow sockets without cutting a streamed answer.
 */

const LOGIN = '/api/admin/auth/login';
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ env: { REQUEST_TIMEOUT_MS: '500', CONNECTION_TIMEOUT_MS: '1500' } });
  token = await t.login();
});
afterAll(() => t?.close());

const JSON_TYPE = { 'content-type': 'application/json' };

describe('body limits', () => {
  it('login (like every route by default) refuses a body over the small default with 413', async () => {
    const body = JSON.stringify({ ...ADMIN, pad: 'x'.repeat(DEFAULT_BODY_LIMIT) });
    const res = await t.call('POST', LOGIN, { body, headers: JSON_TYPE });
    expect(res.statusCode).toBe(413);
    expect(res.json().success).toBe(false);
  });

  it('the bulk withdrawal update, which needs more, takes a body over the default', async () => {
    const ids = Array.from({ length: 500 }, (_, i) => String(2_000_000_000 + i));
    const body = JSON.stringify(
      { withdrawal_ids: ids, status: 'approved', comment: 'c'.repeat(500) },
      null,
      60,
    );
    expect(body.length).toBeGreaterThan(DEFAULT_BODY_LIMIT);
    const res = await t.call('POST', '/api/admin/withdrawal/update-bulk', {
      token,
      body,
      headers: JSON_TYPE,
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('JSON nesting limit', () => {
  it('a deeply nested body answers 400 saying so', async () => {
    const body = `${'['.repeat(5_000)}${']'.repeat(5_000)}`;
    const res = await t.call('POST', LOGIN, { body, headers: JSON_TYPE });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: JSON_TOO_DEEP });
  });

  it('brackets inside strings (and escaped quotes) do not count', async () => {
    const body = JSON.stringify({ email: ADMIN.email, password: `\\"${'['.repeat(100)}` });
    const res = await t.call('POST', LOGIN, { body, headers: JSON_TYPE });
    expect(res.statusCode).toBe(401);
  });
});

describe('timeouts', () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });

  /** Resolves with the ms after which the server closed the socket (or `limit` if it did not). */
  function closedAfter(start: (write: (s: string) => void) => void, limit: number): Promise<number> {
    return new Promise((resolve) => {
      const begun = Date.now();
      const socket = connect(port, '127.0.0.1');
      const give = setTimeout(() => {
        socket.destroy();
        resolve(limit);
      }, limit);
      socket.on('error', () => {});
      socket.on('data', () => {});
      socket.on('close', () => {
        clearTimeout(give);
        resolve(Date.now() - begun);
      });
      socket.on('connect', () => start((s) => socket.writable && socket.write(s)));
    });
  }

  it('a client trickling its headers is cut off at REQUEST_TIMEOUT_MS', async () => {
    const ms = await closedAfter((write) => {
      write('GET /api/health HTTP/1.1\r\nHost: x\r\n');
      // One byte every 100 ms: never idle long enough for the connection timeout.
      const timer = setInterval(() => write('X'), 100);
      setTimeout(() => clearInterval(timer), 4_000);
    }, 4_000);
    expect(ms).toBeLessThan(2_000);
  });

  it('a silent socket is closed too', async () => {
    expect(await closedAfter(() => {}, 4_000)).toBeLessThan(3_000);
  });

  it('a streamed answer that lasts longer than REQUEST_TIMEOUT_MS is not cut', async () => {
    // The API's own server options; Node's requestTimeout covers receiving the request only.
    const config = loadConfig({
      REQUEST_TIMEOUT_MS: '300',
      CONNECTION_TIMEOUT_MS: '1000',
      DATA_DIR: t.dataDir,
    });
    const server = Fastify(serverOptions(config));
    server.get('/slow.csv', (_request, reply) => {
      let n = 0;
      const rows = new Readable({
        read() {
          // 20 rows, 100 ms apart: 2 s in all.
          setTimeout(() => this.push(n < 20 ? `row ${n++}\n` : null), 100);
        },
      });
      return reply.type('text/csv').send(rows);
    });
    await server.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port: slowPort } = server.server.address() as AddressInfo;
      const started = Date.now();
      const body = await new Promise<string>((resolve, reject) => {
        request({ host: '127.0.0.1', port: slowPort, path: '/slow.csv' }, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
          });
          res.on('end', () => resolve(text));
          res.on('error', reject);
        })
          .on('error', reject)
          .end();
      });
      expect(Date.now() - started).toBeGreaterThan(1_500);
      expect(body.split('\n').filter(Boolean)).toHaveLength(20);
    } finally {
      await server.close();
    }
  });
});
