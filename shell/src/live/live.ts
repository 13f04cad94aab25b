import type { QueueCounts } from '@backoffice/shared/contract';
import type { LiveEvents, LiveTopic } from '@backoffice/shared/host';
import { create } from 'zustand';

interface LiveState {
  /** The queue sizes for the sidebar's badges (GET /admin/queues); null until read. */
  counts: QueueCounts | null;
  /** Whether the event stream is up (else the counts are polled). */
  connected: boolean;
}

export const useLive = create<LiveState>(() => ({ counts: null, connected: false }));

const listeners = new Set<{ topic: LiveTopic; listener: () => void }>();

/** host.live: what remotes (and the shell's pages) subscribe to. Outlives reconnections. */
export const liveEvents: LiveEvents = {
  subscribe(topic, listener) {
    const entry = { topic, listener };
    listeners.add(entry);
    return () => {
      listeners.delete(entry);
    };
  },
};

/** Tells the subscribers of `topic` that it changed. */
export function emitChanged(topic: LiveTopic): void {
  for (const entry of [...listeners]) {
    if (entry.topic !== topic) continue;
    try {
      entry.listener();
    } catch (error) {
      // One page's failing listener must not keep the event from the others.
      console.error(error);
    }
  }
}
