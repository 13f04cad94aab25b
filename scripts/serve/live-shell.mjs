// What is live, as the console's server needs it (issue 19): the API keeps which version of the shell and
// of each area is live; this server serves the live shell's files from the releases folder and writes the
// registry into index.html, so the console knows what to load without a round trip of its own.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** How long an answer is trusted: every console server in front of one API agrees within this. */
const MAX_AGE_MS = 1000;
const TIMEOUT_MS = 1500;

/**
 * Reads the registry from the API (the URLs in turn, skipping one that does not answer), at most once
 * per MAX_AGE_MS and conditionally (an unchanged registry is a 304). When none answers, the last
 * registry read is kept (null before the first).
 */
export function createRegistryReader(urls) {
  let registry = null;
  let etag = null;
  let readAt = 0;
  let pending = null;

  async function read() {
    for (const url of urls) {
      try {
        const response = await fetch(url, {
          headers: etag ? { 'if-none-match': etag } : {},
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        if (response.status === 304) return registry;
        if (!response.ok) continue;
        const body = await response.json();
        etag = response.headers.get('etag');
        registry = body.data ?? null;
        return registry;
      } catch {
        // this upstream is down: the next one, else the last registry read
      }
    }
    return registry;
  }

  return {
    current() {
      if (Date.now() - readAt < MAX_AGE_MS) return Promise.resolve(registry);
      pending ??= read().finally(() => {
        readAt = Date.now();
        pending = null;
      });
      return pending;
    },
  };
}

/**
 * The shell builds this server may serve: the live one (from the registry) first, then every other
 * published version (an open console of an older version still fetches its lazy chunks), then the built-in
 * one (`fallbackDir`, used alone until a shell is published).
 */
export function shellFolders(releasesDir, registry, fallbackDir) {
  const root = releasesDir ? join(releasesDir, 'shell') : null;
  const live = registry?.shell?.version && root ? join(root, registry.shell.version) : null;
  const liveDir = live && existsSync(join(live, 'index.html')) ? live : fallbackDir;
  const others =
    root && existsSync(root)
      ? readdirSync(root)
          .map((version) => join(root, version))
          .filter((dir) => dir !== liveDir && existsSync(join(dir, 'index.html')))
      : [];
  return { live: liveDir, all: [liveDir, ...others, ...(liveDir === fallbackDir ? [] : [fallbackDir])] };
}

const htmlCache = new Map();

/** The live shell's index.html with the registry in it (`window.__BACKOFFICE_REGISTRY__`); null: none. */
export function indexHtml(shellDir, registry) {
  const file = join(shellDir, 'index.html');
  const mtimeMs = statSync(file, { throwIfNoEntry: false })?.mtimeMs;
  if (mtimeMs === undefined) return null;
  let cached = htmlCache.get(file);
  if (cached?.mtimeMs !== mtimeMs) {
    cached = { mtimeMs, html: readFileSync(file, 'utf8') };
    htmlCache.set(file, cached);
  }
  if (!registry) return cached.html;
  // '<' escaped: no text of the registry can close the script element.
  const json = JSON.stringify(registry).replaceAll('<', '\\u003c');
  return cached.html.replace(
    /<head>/i,
    (head) => `${head}<script>window.__BACKOFFICE_REGISTRY__=${json}</script>`,
  );
}
