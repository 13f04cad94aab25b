import { type LiveTopic, liveTopics } from '@backoffice/shared/contract';

/** One open event stream: the topics its admin may receive and how to reach it. */
export interface LiveSubscriber {
  /** The session behind the stream: its end (sign-out, revocation) ends the stream. */
  jti: string;
  topics: ReadonlySet<LiveTopic>;
  send(topic: LiveTopic): void;
  end(): void;
}

/** At most one dashboard event per this many ms per process: every write changes a figure. */
export const DASHBOARD_EVERY_MS = 1000;

const SESSION_PREFIX = 'session:';

/**
 * This process's event streams, and what reaches them: the payloads of the database's 'live'
 * notifications (migrations/017_live_events.sql), a topic or `session:<jti>`. Every replica listens to
 * the same database, so each delivers to its own streams.
 */
export class LiveHub {
  private readonly subscribers = new Set<LiveSubscriber>();
  private lastDashboard = 0;
  private dashboardTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly dashboardEveryMs = DASHBOARD_EVERY_MS,
  ) {}

  add(subscriber: LiveSubscriber): void {
    this.subscribers.add(subscriber);
  }

  remove(subscriber: LiveSubscriber): void {
    this.subscribers.delete(subscriber);
  }

  get size(): number {
    return this.subscribers.size;
  }

  /** One notification's payload. */
  receive(payload: string): void {
    if (payload.startsWith(SESSION_PREFIX)) {
      const jti = payload.slice(SESSION_PREFIX.length);
      for (const s of [...this.subscribers]) if (s.jti === jti) s.end();
      return;
    }
    const topic = liveTopics.find((t) => t === payload);
    if (topic === 'dashboard') this.dashboardChanged();
    else if (topic) this.deliver(topic);
  }

  /** After the listening connection was lost: anything may have changed meanwhile. */
  everythingChanged(): void {
    for (const topic of liveTopics) this.receive(topic);
  }

  /** Ends every stream (shutdown): the consoles connect again, to another replica. */
  endAll(): void {
    clearTimeout(this.dashboardTimer);
    this.dashboardTimer = undefined;
    for (const s of [...this.subscribers]) s.end();
    this.subscribers.clear();
  }

  private deliver(topic: LiveTopic): void {
    for (const s of this.subscribers) if (s.topics.has(topic)) s.send(topic);
  }

  /** At once when the last one is older than the interval, else once at its end (the latest figures). */
  private dashboardChanged(): void {
    if (this.dashboardTimer) return;
    const wait = this.lastDashboard + this.dashboardEveryMs - this.now();
    const fire = () => {
      this.dashboardTimer = undefined;
      this.lastDashboard = this.now();
      this.deliver('dashboard');
    };
    if (wait <= 0) fire();
    else this.dashboardTimer = setTimeout(fire, wait);
  }
}
