/** One Server-Sent Event (comments, such as heartbeats, are not events). */
export interface ServerEvent {
  event: string;
  data: string;
}

/**
 * Splits a text/event-stream into events as its chunks arrive (the format's rules that this API uses:
 * `event:` and `data:` lines, a blank line ends an event, lines starting with ':' are comments).
 */
export class EventStreamParser {
  private buffer = '';

  push(chunk: string): ServerEvent[] {
    this.buffer += chunk.replace(/\r\n?/g, '\n');
    const events: ServerEvent[] = [];
    let end = this.buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
      if (data.length) events.push({ event, data: data.join('\n') });
      end = this.buffer.indexOf('\n\n');
    }
    return events;
  }
}
