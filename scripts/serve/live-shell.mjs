// What is live, as the console's server needs it (docs/operations.md#releases): the API keeps which version
// of the shell and of each area is live; this server serves the live shell's files from the releases folder
// and writes the registry into index.html, so the console knows what to load without a round trip of its own.
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
 * one (`fallbackDir`, used alone until a shell is published). `previous`: the page's build when the live
 * one's files are not as published.
 */
export function shellFolders(releasesDir, registry, fallbackDir) {
  const root = releasesDir ? join(releasesDir, 'shell') : null;
  const folderOf = (version) => {
    const folder = version && root ? join(root, version) : null;
    return folder && existsSync(join(folder, 'index.html')) ? folder : null;
  };
  const liveDir = folderOf(registry?.shell?.version) ?? fallbackDir;
  const previous = liveDir === fallbackDir ? null : folderOf(registry?.shell?.previous);
  const others =
    root && existsSync(root)
      ? readdirSync(root)
          .map((version) => join(root, version))
          .filter((dir) => dir !== liveDir && existsSync(join(dir, 'index.html')))
      : [];
  return {
    live: liveDir,
    previous,
    all: [liveDir, ...others, ...(liveDir === fallbackDir ? [] : [fallbackDir])],
  };
}

const fileCache = new Map();

/** A file's text, read again only when it changes; null when there is none. */
export function cachedText(file) {
  const mtimeMs = statSync(file, { throwIfNoEntry: false })?.mtimeMs;
  if (mtimeMs === undefined) return null;
  let cached = fileCache.get(file);
  if (cached?.mtimeMs !== mtimeMs) {
    cached = { mtimeMs, text: readFileSync(file, 'utf8') };
    fileCache.set(file, cached);
  }
  return cached.text;
}

const parsed = (text) => (text === null ? null : JSON.parse(text));

/** The registry's area owning `pathname` (its routes are patterns such as `/users/:id`). */
function areaOf(registry, pathname) {
  const matches = (path) => new RegExp(`^${path.replace(/:[^/]+/g, '[^/]+')}/?$`).test(pathname);
  return registry?.remotes?.find((remote) => remote.routes?.some((route) => matches(route.path))) ?? null;
}

/**
 * What the page will ask for once its code runs, to fetch now, as [url, as, integrity] triples: the
 * layout's chunks (the shell's preload.json); on an area's page also the area route, the federation
 * runtime, the list components, and the area's manifest, entry and the chunks of its exposed app (its
 * mf-manifest.json). Each with the integrity it is then loaded with, so that the browser uses what it
 * preloaded (and checks it). `read(file)` gives a file's checked text, or null.
 */
async function preloadsFor(shellDir, registry, pathname, releasesDir, read) {
  const groups = parsed(await read(join(shellDir, 'preload.json'))) ?? {};
  const asOf = (url) => (url.endsWith('.css') ? 'style' : 'script');
  const shell = (group) =>
    (groups[group] ?? []).map((url) => [url, asOf(url), groups.integrity?.[url] ?? null]);
  const remote = areaOf(registry, pathname);
  if (!remote) return shell('signedIn');
  const links = [...shell('signedIn'), ...shell('area')];
  const folder = /^\/remotes\/(.+)\/mf-manifest\.json$/.exec(remote.entry)?.[1];
  const manifest =
    folder && releasesDir ? parsed(await read(join(releasesDir, folder, 'mf-manifest.json'))) : null;
  if (!manifest) return links;
  const integrity = manifest.metaData?.integrity ?? {};
  const entry = manifest.metaData?.remoteEntry;
  const app = manifest.exposes?.find((expose) => expose.name === 'app')?.assets;
  const files = [
    ...(entry?.name ? [`${entry.path ?? ''}${entry.name}`] : []),
    ...(app?.js?.sync ?? []),
    ...(app?.css?.sync ?? []),
  ];
  return [
    ...links,
    [remote.entry, 'fetch', remote.integrity?.['mf-manifest.json'] ?? null],
    ...files.map((file) => [`/remotes/${folder}/${file}`, asOf(file), integrity[file] ?? null]),
  ];
}

/**
 * The live shell's index.html with the registry in it (`window.__BACKOFFICE_REGISTRY__`) and, for a
 * signed-in visitor (a session in localStorage), preload links of what the page will need; null: none.
 * `nonce`: the ingress's CSP nonce of this request (docker/caddy/Caddyfile), put on every inline script
 * (ours and the build's own), as its Content-Security-Policy allows no other. `read(file)`: a file's
 * text as published (static.mjs checks a release's files against their record), null when absent.
 */
export async function indexHtml(
  shellDir,
  registry,
  { nonce = null, read = async (file) => cachedText(file), ...options } = {},
) {
  const html = await pageWithRegistry(shellDir, registry, { ...options, read });
  return html && nonce ? html.replace(INLINE_SCRIPT, `<script nonce="${nonce}"$1>`) : html;
}

/** An inline script's start tag (no src, no nonce yet). */
const INLINE_SCRIPT = /<script(?![^>]*\b(?:src|nonce)=)([^>]*)>/gi;

async function pageWithRegistry(shellDir, registry, { pathname = '/', releasesDir = null, read }) {
  const html = await read(join(shellDir, 'index.html'));
  if (html === null || !registry) return html;
  // '<' escaped: no text of the registry or of a file name can close the script element.
  const escaped = (value) => JSON.stringify(value).replaceAll('<', '\\u003c');
  const preloads = await preloadsFor(shellDir, registry, pathname, releasesDir, read);
  const scripts =
    `<script>window.__BACKOFFICE_REGISTRY__=${escaped(registry)}</script>` +
    (preloads.length
      ? `<script>if(localStorage.getItem('auth_token'))${escaped(preloads)}.forEach(function(p){` +
        "var l=document.createElement('link');l.rel='preload';l.href=p[0];l.as=p[1];l.crossOrigin='anonymous';" +
        'if(p[2])l.integrity=p[2];document.head.appendChild(l)})</script>'
      : '');
  return html.replace(/<head>/i, (head) => `${head}${scripts}`);
}
