// Remembers the compressed answers of scripts/serve.mjs, so a file is compressed once per version, not
// once per request (a big chunk costs tens of ms at gzip level 9 on a busy machine). The first GET of a
// file goes through serve-static + compression as usual and its status, headers and compressed bytes
// are recorded; later GETs of the same path with the same Accept-Encoding replay them, as long as the
// file served then still has the same mtime and size. Only answers that serve-static sent from a file
// are ever recorded, so the cache serves nothing the normal path would not.
import { statSync } from 'node:fs';

const MAX_ENTRY_BYTES = 8 * 1024 * 1024;
const MAX_TOTAL_BYTES = 64 * 1024 * 1024;

const FILE = Symbol('served file');

/** serve-static's `setHeaders` hook: notes which file (and which version of it) answers this request. */
export function noteFile(res, path, stat) {
  res[FILE] = { path, mtimeMs: stat.mtimeMs, size: stat.size };
}

export function createCompressedCache({
  maxEntryBytes = MAX_ENTRY_BYTES,
  maxTotalBytes = MAX_TOTAL_BYTES,
} = {}) {
  /** key -> { file, status, headers: [name, value][], body }; Map order = least recently used first. */
  const entries = new Map();
  let total = 0;

  const keyOf = (req) => `${req.headers['accept-encoding'] ?? ''}\n${req.url}`;

  function evict(key) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    total -= entry.body.length;
  }

  function store(key, entry) {
    evict(key);
    if (entry.body.length > maxEntryBytes) return;
    entries.set(key, entry);
    total += entry.body.length;
    for (const oldest of entries.keys()) {
      if (total <= maxTotalBytes) break;
      evict(oldest);
    }
  }

  // Ranges and HEADs are cheap or partial: always the normal path.
  const recordable = (req) => req.method === 'GET' && !req.headers.range;

  return {
    /** Answers `req` from the cache when it can; returns whether it did. Call before anything else. */
    replay(req, res) {
      if (!recordable(req) || req.headers['if-none-match'] || req.headers['if-modified-since']) return false;
      const key = keyOf(req);
      const entry = entries.get(key);
      if (!entry) return false;
      const now = statSync(entry.file.path, { throwIfNoEntry: false });
      if (!now || now.mtimeMs !== entry.file.mtimeMs || now.size !== entry.file.size) {
        evict(key);
        return false;
      }
      entries.delete(key);
      entries.set(key, entry);
      // Same names (same case), same values; writeHead then end(body) goes out chunked, exactly as the
      // streamed compressed answer did.
      for (const [name, value] of entry.headers) res.setHeader(name, value);
      res.writeHead(entry.status);
      res.end(entry.body);
      return true;
    },

    /**
     * Records what goes out on `res`. Call before the compression middleware runs: it keeps the
     * `write`/`end` it finds, so the bytes it produces pass through these.
     */
    record(req, res) {
      if (!recordable(req)) return;
      const key = keyOf(req);
      const chunks = [];
      let size = 0;
      let keep = true;
      const take = (chunk, encoding) => {
        if (!keep || chunk == null || (typeof chunk !== 'string' && !chunk.length)) return;
        // Only compressed answers are worth keeping: the others cost nothing to send again.
        if (!res.getHeader('Content-Encoding')) keep = false;
        const buffer = typeof chunk === 'string' ? Buffer.from(chunk, encoding) : Buffer.from(chunk);
        size += buffer.length;
        if (size > maxEntryBytes) keep = false;
        else chunks.push(buffer);
      };
      const write = res.write;
      const end = res.end;
      res.write = function (chunk, encoding, callback) {
        take(chunk, encoding);
        return write.call(this, chunk, encoding, callback);
      };
      res.end = function (chunk, encoding, callback) {
        if (typeof chunk !== 'function') take(chunk, encoding);
        return end.call(this, chunk, encoding, callback);
      };
      // 'finish': the whole answer went out (a client that left early fires 'close' only).
      res.once('finish', () => {
        const file = res[FILE];
        if (!keep || !file || res.statusCode !== 200 || !res.getHeader('Content-Encoding')) return;
        const headers = res.getRawHeaderNames().map((name) => [name, res.getHeader(name)]);
        store(key, { file, status: res.statusCode, headers, body: Buffer.concat(chunks) });
      });
    },
  };
}
