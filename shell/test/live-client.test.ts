import { describe, expect, it } from 'vitest';
import { LiveClient } from '../src/live/client.ts';
import { EventStreamParser } from '../src/live/sse.ts';

/** A fetch whose answers the test writes into, chunk by chunk, and ends. */
function fakeFetch() {
  const calls: { token: string | null; write(text: string): void; end(): void }[] = [];
  const statuses: number[] = [];
  const impl = (async (_url: string, init: RequestInit) => {
    const token = (init.headers as Record<string, string>).Authorization ?? null;
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
      },
    });
    init.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
    calls.push({
      token,
      write: (text) => controller.enqueue(new TextEncoder().encode(text)),
      end: () => controller.close(),
    });
    return new Response(body, { status: statuses.shift() ?? 200 });
  }) as unknown as typeof fetch;
  return { impl, calls, statuses };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
};

describe('EventStreamParser', () => {
  it('splits events across chunks and skips comments', () => {
    const parser = new EventStreamParser();
    expect(
      parser.push('retry: 3000\nevent: ready\ndata: {"topics":[]}\n\n: heartbeat\n\nevent: chan'),
    ).toEqual([{ event: 'ready', data: '{"topics":[]}' }]);
    expect(parser.push('ged\r\ndata: {"topic":"support"}\r\n\r\n')).toEqual([
      { event: 'changed', data: '{"topic":"support"}' },
    ]);
  });
});

describe('LiveClient', () => {
  it('sends the current token, passes the topics on, and connects again with the new token after the end', async () => {
    const { impl, calls } = fakeFetch();
    let token = 'first';
    const topics: string[] = [];
    const states: boolean[] = [];
    const client = new LiveClient({
      url: 'http://api/admin/events',
      getToken: () => token,
      onChanged: (t) => topics.push(t),
      onConnected: (c) => states.push(c),
      fetchImpl: impl,
      reconnectMs: [10],
    });
    client.start();
    await until(() => calls.length === 1);
    expect(calls[0]!.token).toBe('Bearer first');
    calls[0]!.write('event: ready\ndata: {"topics":["withdrawals"]}\n\n');
    calls[0]!.write('event: changed\ndata: {"topic":"withdrawals"}\n\n');
    await until(() => topics.length === 1);
    expect(topics).toEqual(['withdrawals']);
    expect(states).toEqual([true]);
    // The replica shut down: the stream ends, the client is down, then back with the token of now.
    token = 'second';
    calls[0]!.end();
    await until(() => calls.length === 2);
    expect(states.at(-1)).toBe(false);
    expect(calls[1]!.token).toBe('Bearer second');
    calls[1]!.write('event: ready\ndata: {"topics":[]}\n\n');
    await until(() => states.at(-1) === true);
    client.stop();
  });

  it('tries again after a refused connection, and stops for good on stop()', async () => {
    const { impl, calls, statuses } = fakeFetch();
    statuses.push(503);
    let unauthorized = 0;
    const client = new LiveClient({
      url: 'http://api/admin/events',
      getToken: () => 't',
      onChanged: () => {},
      onConnected: () => {},
      onUnauthorized: () => unauthorized++,
      fetchImpl: impl,
      reconnectMs: [10],
    });
    client.start();
    await until(() => calls.length === 2);
    client.stop();
    await new Promise((r) => setTimeout(r, 60));
    expect(calls).toHaveLength(2);
    expect(unauthorized).toBe(0);
  });

  it('comes back after the longest wait when its stream was replaced by a newer one of the session', async () => {
    const { impl, calls } = fakeFetch();
    const client = new LiveClient({
      url: 'http://api/admin/events',
      getToken: () => 't',
      onChanged: () => {},
      onConnected: () => {},
      fetchImpl: impl,
      reconnectMs: [10, 20, 400],
    });
    client.start();
    await until(() => calls.length === 1);
    calls[0]!.write('event: ready\ndata: {"topics":[]}\n\nevent: replaced\ndata: {}\n\n');
    calls[0]!.end();
    await new Promise((r) => setTimeout(r, 150));
    expect(calls).toHaveLength(1);
    await until(() => calls.length === 2);
    // Connected again, an ordinary end waits the shortest time again.
    calls[1]!.write('event: ready\ndata: {"topics":[]}\n\n');
    await new Promise((r) => setTimeout(r, 20));
    calls[1]!.end();
    await new Promise((r) => setTimeout(r, 100));
    expect(calls).toHaveLength(3);
    client.stop();
  });
});
