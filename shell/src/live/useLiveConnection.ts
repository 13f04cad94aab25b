import { liveTopics } from '@backoffice/shared/contract/live-topics';
import * as endpoints from '@backoffice/shared/endpoints';
import { useEffect } from 'react';
import { useAuth } from '../auth/store.ts';
import { livePollMs, runtimeConfig } from '../config.ts';
import { http } from '../http/services.ts';
import { LiveClient } from './client.ts';
import { emitChanged, useLive } from './live.ts';

/** Several events in a burst (a bulk approval, a ticket and its dashboard figure) read the counts once. */
const COUNTS_DEBOUNCE_MS = 150;

/**
 * While an admin is signed in: the API's event stream (live/client.ts), the queue counts read at the
 * start, after each queue event, and every `livePollMs` while the stream is down. A new sign-in
 * connects again with its token; sign-out closes the stream.
 */
export function useLiveConnection(): void {
  const token = useAuth((state) => state.token);
  useEffect(() => {
    if (!token) return;
    let stopped = false;
    let debounce: ReturnType<typeof setTimeout> | undefined;
    let poll: ReturnType<typeof setInterval> | undefined;
    let everConnected = false;
    const readCounts = async () => {
      try {
        const answer = await http.call(endpoints.queueCounts, {});
        if (!stopped) useLive.setState({ counts: answer.data });
      } catch {
        // The badges keep their last numbers; the next event or poll reads them again.
      }
    };
    const countsSoon = () => {
      clearTimeout(debounce);
      debounce = setTimeout(() => void readCounts(), COUNTS_DEBOUNCE_MS);
    };
    const startPolling = () => {
      poll ??= setInterval(() => void readCounts(), livePollMs);
    };
    const client = new LiveClient({
      url: `${runtimeConfig.apiBaseUrl}${endpoints.liveEvents.path}`,
      getToken: () => useAuth.getState().token,
      onChanged(topic) {
        emitChanged(topic);
        if (topic !== 'dashboard') countsSoon();
      },
      onConnected(connected) {
        if (connected === useLive.getState().connected) return;
        useLive.setState({ connected });
        if (!connected) return startPolling();
        clearInterval(poll);
        poll = undefined;
        // Back after a gap: what changed meanwhile was not told.
        if (everConnected) {
          for (const topic of liveTopics) emitChanged(topic);
          countsSoon();
        }
        everConnected = true;
      },
    });
    void readCounts();
    startPolling();
    client.start();
    return () => {
      stopped = true;
      client.stop();
      clearTimeout(debounce);
      clearInterval(poll);
      useLive.setState({ counts: null, connected: false });
    };
  }, [token]);
}
