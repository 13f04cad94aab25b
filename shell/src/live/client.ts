import type { LiveTopic } from '@backoffice/shared/host';
import { EventStreamParser } from './sse.ts';

/** Waits before connecting again after the stream failed or ended (the last one repeats). */
export const RECONNECT_MS = [1000, 2000, 5000, 10_000, 30_000];

export interface LiveClientOptions {
  /** The event stream's URL (GET /api/admin/events). */
  url: string;
  /** The current session token, read at each connection (a new sign-in is used at once). */
  getToken(): string | null;
  /** Something of `topic` changed. */
  onChanged(topic: LiveTopic): void;
  /** Whether the stream is up; while it is down the queue counts are polled. */
  onConnected(connected: boolean): void;
  /** The API refused the token (401): the session is over, no point in trying again. */
  onUnauthorized?(): void;
  fetchImpl?: typeof fetch;
  reconnectMs?: readonly number[];
}

/**
 * The API's event stream, read with fetch rather than EventSource: EventSource cannot send the
 * Authorization header, and the token must not travel in a URL (logs, Referer). Connects again after
 * a failure or an end (a replica shutting down) with growing waits; after `replaced`, the longest.
 */
export class LiveClient {
  private abort: AbortController | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private failures = 0;
  private running = false;

  constructor(private readonly options: LiveClientOptions) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    void this.connect();
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.timer);
    this.abort?.abort();
    this.abort = null;
  }

  private async connect(): Promise<void> {
    const token = this.options.getToken();
    if (!this.running) return;
    if (!token) return this.retryLater();
    const abort = new AbortController();
    this.abort = abort;
    const fetchImpl = this.options.fetchImpl ?? fetch.bind(globalThis);
    try {
      const res = await fetchImpl(this.options.url, {
        headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
        signal: abort.signal,
        cache: 'no-store',
      });
      if (res.status === 401) {
        this.options.onUnauthorized?.();
        return this.retryLater();
      }
      if (!res.ok || !res.body) return this.retryLater();
      await this.read(res.body);
    } catch {
      // A network failure or our own abort: handled below.
    }
    if (!abort.signal.aborted) this.retryLater();
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    const parser = new EventStreamParser();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        for (const { event, data } of parser.push(decoder.decode(value, { stream: true }))) {
          if (event === 'ready') {
            this.failures = 0;
            this.options.onConnected(true);
          } else if (event === 'changed') {
            const { topic } = JSON.parse(data) as { topic: LiveTopic };
            this.options.onChanged(topic);
          } else if (event === 'replaced') {
            // Another tab of this session took the stream (the API keeps a few per session): come back
            // after the longest wait, not at once, or the tabs would keep replacing each other.
            this.failures = (this.options.reconnectMs ?? RECONNECT_MS).length - 1;
          }
        }
      }
    } finally {
      this.options.onConnected(false);
    }
  }

  private retryLater(): void {
    if (!this.running) return;
    this.options.onConnected(false);
    const waits = this.options.reconnectMs ?? RECONNECT_MS;
    const wait = waits[Math.min(this.failures, waits.length - 1)] ?? 30_000;
    this.failures += 1;
    clearTimeout(this.timer);
    // A little jitter: consoles cut off by one replica do not all come back in the same millisecond.
    this.timer = setTimeout(() => void this.connect(), wait * (0.8 + Math.random() * 0.4));
  }
}
