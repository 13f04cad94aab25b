import { LIVE_TOPIC_PERMISSION, type LiveTopic, liveTopics, rolesGrant } from '@backoffice/shared/contract';

/** One open event stream: the topics its admin may receive and how to reach it. */
export interface LiveSubscriber {
  /** The session behind the stream: its end (sign-out, revocation) ends the stream. */
  jti: string;
  /** Set again from the session's current roles at each heartbeat. */
  topics: ReadonlySet<LiveTopic>;
  send(topic: LiveTopic): void;
  /** A comment line, so proxies and the socket inactivity timeout keep the connection. */
  heartbeat(): void;
  /** Ends the stream; `replaced`: a newer stream of its session took its place (told to the console). */
  end(reason?: 'replaced'): void;
}

/** The topics an admin holding `roles` may receive. */
export function topicsOf(roles: readonly string[]): Set<LiveTopic> {
  return new Set(liveTopics.filter((t) => rolesGrant(roles, LIVE_TOPIC_PERMISSION[t])));
}

/** Which of the sessions asked about are live, with their current roles (one query for them all). */
export type SessionCheck = (jtis: string[]) => Promise<ReadonlyMap<string, readonly string[]>>;

/** At most one dashboard event per this many ms per process: every write changes a figure. */
export const DASHBOARD_EVERY_MS = 1000;

const SESSION_PREFIX = 'session:';

/**
 * This process's event streams, and what reaches them: the payloads of the database's 'live'
 * notifications (migrations/017_live_events.sql), a topic or `session:<jti>`. Every replica listens to
 * the same database, so each delivers to its own streams. A session holds at most `perSession` streams
 * here (LIVE_STREAMS_PER_SESSION): a new one ends its oldest.
 */
export class LiveHub {
  private readonly subscribers = new Set<LiveSubscriber>();
  /** The streams of each session, oldest first. */
  private readonly bySession = new Map<string, Set<LiveSubscriber>>();
  private lastDashboard = 0;
  private dashboardTimer: NodeJS.Timeout | undefined;
  private checking = false;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly perSession = Number.POSITIVE_INFINITY,
    private readonly dashboardEveryMs = DASHBOARD_EVERY_MS,
  ) {}

  add(subscriber: LiveSubscriber): void {
    this.subscribers.add(subscriber);
    const streams = this.bySession.get(subscriber.jti) ?? new Set();
    this.bySession.set(subscriber.jti, streams.add(subscriber));
    for (const oldest of [...streams].slice(0, Math.max(0, streams.size - this.perSession))) {
      this.remove(oldest);
      oldest.end('replaced');
    }
  }

  remove(subscriber: LiveSubscriber): void {
    this.subscribers.delete(subscriber);
    const streams = this.bySession.get(subscriber.jti);
    streams?.delete(subscriber);
    if (streams?.size === 0) this.bySession.delete(subscriber.jti);
  }

  get size(): number {
    return this.subscribers.size;
  }

  /** One notification's payload. */
  receive(payload: string): void {
    if (payload.startsWith(SESSION_PREFIX)) {
      const jti = payload.slice(SESSION_PREFIX.length);
      for (const s of [...(this.bySession.get(jti) ?? [])]) s.end();
      return;
    }
    const topic = liveTopics.find((t) => t === payload);
    if (topic === 'dashboard') this.dashboardChanged();
    else if (topic) this.deliver(topic);
  }

  /**
   * A heartbeat on every stream, then one check of all their sessions (not one per stream: a session
   * may hold several, and thousands of streams must not mean thousands of queries): the streams of a
   * session that ended close, the others follow its current roles. While a check is still running
   * (a slow database) the next heartbeat asks nothing; a failed check changes nothing.
   */
  async heartbeat(check: SessionCheck): Promise<void> {
    for (const s of this.subscribers) s.heartbeat();
    if (this.checking || this.bySession.size === 0) return;
    this.checking = true;
    const jtis = [...this.bySession.keys()];
    try {
      const live = await check(jtis);
      // Only the sessions asked about: a stream opened meanwhile is judged at the next heartbeat.
      for (const jti of jtis) {
        const roles = live.get(jti);
        for (const s of [...(this.bySession.get(jti) ?? [])]) {
          if (roles) s.topics = topicsOf(roles);
          else s.end();
        }
      }
    } catch {
      // The database away: the streams go on, the next heartbeat asks again.
    } finally {
      this.checking = false;
    }
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
    this.bySession.clear();
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
