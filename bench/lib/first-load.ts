import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContextOptions, CDPSession, Page } from '@playwright/test';

/**
 * When a page counts as usable: every selector and every button text has a visible element, and the
 * visible h1 reads `heading` when given (so that, after a click, the previous page cannot count).
 */
export interface ReadySpec {
  heading?: string;
  selectors: string[];
  buttons: string[];
}

export interface LoadedResource {
  url: string;
  kind: 'js' | 'css' | 'document' | 'other';
  status: number;
  /** Body bytes as they came over the wire (brotli or gzip, as the server compressed it). */
  encodedBody: number;
  /** The decoded body compressed with gzip -9 here: a figure that does not depend on the server's encoding. */
  gzip9: number;
  /** Response header bytes. */
  headerBytes: number;
  /** Body bytes after decompression. */
  decodedBody: number;
  contentEncoding: string | null;
  contentLength: number | null;
}

/** A second area opened from the first page: the link to click, its h1 and a selector that shows it loaded. */
export interface NextArea {
  click: string;
  heading: string;
  selector: string;
}

export interface ByteCounts {
  raw: number;
  /** Wire bytes (the encoding the server chose: brotli for Chromium). */
  sent: number;
  gzip9: number;
  requests: number;
}

const countBytes = (resources: LoadedResource[]): ByteCounts => ({
  raw: resources.reduce((sum, resource) => sum + resource.decodedBody, 0),
  sent: resources.reduce((sum, resource) => sum + resource.encodedBody, 0),
  gzip9: resources.reduce((sum, resource) => sum + resource.gzip9, 0),
  requests: resources.length,
});

/** gzip -9 size of a response's decoded body, or NaN when the browser no longer holds it. */
async function gzip9Of(cdp: CDPSession, requestId: string): Promise<number> {
  try {
    const { body, base64Encoded } = await cdp.send('Network.getResponseBody', { requestId });
    return gzipSync(Buffer.from(body, base64Encoded ? 'base64' : 'utf8'), { level: 9 }).length;
  } catch {
    return Number.NaN;
  }
}

/** A CDP CPU profile, as far as selfTimeByScript reads it. */
interface CpuProfile {
  nodes: { id: number; callFrame: { url: string; functionName: string } }[];
  samples?: number[];
  timeDeltas?: number[];
}

/**
 * Self time (ms) of a profile per script file (its path; a function name in brackets for V8's own
 * entries: garbage collector, program, idle), most first.
 */
export function selfTimeByScript(profile: CpuProfile): [string, number][] {
  const where = new Map(
    profile.nodes.map((node) => {
      const { url, functionName } = node.callFrame;
      return [
        node.id,
        url ? new URL(url).pathname : functionName.startsWith('(') ? functionName : '(inline)',
      ];
    }),
  );
  const totals = new Map<string, number>();
  profile.samples?.forEach((id, i) => {
    const key = where.get(id) ?? '(unknown)';
    totals.set(key, (totals.get(key) ?? 0) + (profile.timeDeltas?.[i] ?? 0) / 1000);
  });
  return [...totals].sort((a, b) => b[1] - a[1]);
}

export interface LoadSample {
  /** With `profile`: JavaScript self time (ms) per script until the page was ready, most first. */
  cpuByScript?: [string, number][];
  cpuRate: number;
  /** performance.now() (ms since navigation start) when the ready spec was first met. */
  readyMs: number;
  firstContentfulPaintMs: number | null;
  domContentLoadedMs: number | null;
  /** JS + CSS of the initial load (until ready and network idle): decoded, as sent, and at gzip -9. */
  jsCss: ByteCounts;
  /** The HTML document, and the JS/CSS written inline in it (not counted in jsCss: reported apart). */
  html: { raw: number; sent: number; inlineJsCss: number };
  /** Every response of the load, whatever its type (wire bytes). */
  all: { sent: number; requests: number };
  /** JS + CSS the second area added, when `next` was given. */
  nextJsCss?: ByteCounts;
  resources: LoadedResource[];
  warnings: string[];
}

declare global {
  interface Window {
    __benchReadyAt?: number;
    __benchClickAt?: number;
    __benchNavReadyAt?: number;
  }
}

/**
 * Plain JavaScript source that calls `onReady` (a statement) at the first DOM mutation or animation frame
 * (style-only changes) at which the ready spec holds. Plain source on purpose: a transpiled function would
 * carry tsx helpers (__name) that do not exist in the page.
 */
const watchReady = (spec: ReadySpec, onReady: string) => `(() => {
  const spec = ${JSON.stringify(spec)};
  const visible = (element) => {
    if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < window.innerHeight;
  };
  const withText = (selector, text) =>
    Array.from(document.querySelectorAll(selector)).some((element) => element.textContent.trim() === text && visible(element));
  const hasText = (selector, text) =>
    Array.from(document.querySelectorAll(selector)).some((element) => element.textContent.trim() === text);
  // Elements first, boxes last: a box forces the page's style and layout in the middle of its work, so it
  // is asked for only once everything the spec names is in the DOM (else the probe slows a page that
  // changes its DOM often, e.g. styles inserted one by one, more than one that renders all at once).
  const present = () =>
    (spec.heading === undefined || hasText('h1', spec.heading)) &&
    spec.selectors.every((selector) => document.querySelector(selector) !== null) &&
    spec.buttons.every((text) => hasText('button', text));
  const ready = () =>
    present() &&
    (spec.heading === undefined || withText('h1', spec.heading)) &&
    spec.selectors.every((selector) => Array.from(document.querySelectorAll(selector)).some(visible)) &&
    spec.buttons.every((text) => withText('button', text));
  let done = false;
  const check = () => {
    if (done) return true;
    if (!document.body || !ready()) return false;
    done = true;
    ${onReady};
    return true;
  };
  const observer = new MutationObserver(() => {
    if (check()) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
  const frame = () => {
    if (!check()) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();`;

/**
 * Runs in the page before any of its scripts (an init script, so again on each load of the page):
 * window.__benchReadyAt = performance.now() (ms since navigation start) the first time the spec holds.
 */
export const readyProbe = (spec: ReadySpec) => watchReady(spec, 'window.__benchReadyAt = performance.now()');

/**
 * Arms an open page for a navigation: the next click anywhere records its event time
 * (window.__benchClickAt, the time the browser created the click) and starts watching for `spec`
 * (window.__benchNavReadyAt, same clock). Arm after any untimed click (e.g. opening a sidebar group).
 */
export async function armNavigation(page: Page, spec: ReadySpec): Promise<void> {
  await page.evaluate(`(() => {
    window.__benchClickAt = undefined;
    window.__benchNavReadyAt = undefined;
    window.addEventListener('click', (event) => {
      window.__benchClickAt = event.timeStamp;
      ${watchReady(spec, 'window.__benchNavReadyAt = performance.now()')}
    }, { capture: true, once: true });
  })()`);
}

/** After the click on an armed page: ms from the click until the spec held. */
export async function navigationMs(page: Page, timeoutMs = 60_000): Promise<number> {
  await page.waitForFunction(() => window.__benchNavReadyAt !== undefined, null, {
    timeout: timeoutMs,
    polling: 50,
  });
  return page.evaluate(() => window.__benchNavReadyAt! - window.__benchClickAt!);
}

/** A request of the page as CDP Network events reported it. */
export interface NetworkEntry {
  requestId: string;
  url: string;
  type: string;
  mime: string;
  status: number;
  headerBytes: number;
  decoded: number;
  encodedTotal: number | null;
  headers: Record<string, string>;
  /** Answered by the browser's cache (memory, disk or prefetch), without a request to the server. */
  fromCache: boolean;
  /**
   * The status the server sent, when it was asked: 304 for a cached file revalidated, where `status`
   * (what the page sees) says 200.
   */
  wireStatus: number | null;
  /** From the request's start to its last byte, in ms (null until it finished). */
  durationMs: number | null;
  /** When the request started (CDP's monotonic clock, in s). */
  startedAt: number;
  /** The document it belongs to (CDP's loaderId). */
  loaderId: string;
  done: boolean;
}

/** The console's live event stream (GET /api/admin/events): open as long as the page, never waited for. */
const isEventStream = (entry: NetworkEntry) =>
  entry.mime === 'text/event-stream' || new URL(entry.url).pathname.endsWith('/api/admin/events');

/**
 * Every request of a page from its CDP session (`Network.enable` is sent here), by request id, and a
 * wait for the network to go idle: nothing of the current document in flight and no event for
 * `idleMs`, the live event stream aside. A request the previous document left in flight (e.g. a report
 * sent when the browser was idle, cut by a reload) may never finish: it is not waited for.
 */
export async function watchNetwork(cdp: CDPSession) {
  const requests = new Map<string, NetworkEntry>();
  /** Wire statuses that came before their request's requestWillBeSent. */
  const early = new Map<string, number>();
  let lastActivity = Date.now();
  let currentDocument = '';
  const touched = <T extends { requestId: string }>(handler: (entry: NetworkEntry, event: T) => void) => {
    return (event: T) => {
      lastActivity = Date.now();
      const entry = requests.get(event.requestId);
      if (entry) handler(entry, event);
    };
  };
  cdp.on('Network.requestWillBeSent', (event) => {
    lastActivity = Date.now();
    if (event.type === 'Document') currentDocument = event.loaderId;
    // A redirect reuses the request id: the new hop replaces the old one.
    requests.set(event.requestId, {
      requestId: event.requestId,
      url: event.request.url,
      type: event.type ?? 'Other',
      mime: '',
      status: 0,
      headerBytes: 0,
      decoded: 0,
      encodedTotal: null,
      headers: {},
      fromCache: false,
      wireStatus: early.get(event.requestId) ?? null,
      durationMs: null,
      startedAt: event.timestamp,
      loaderId: event.loaderId,
      done: false,
    });
  });
  cdp.on(
    'Network.responseReceived',
    touched((entry, event) => {
      entry.type = event.type;
      entry.mime = event.response.mimeType;
      entry.status = event.response.status;
      entry.headerBytes = event.response.encodedDataLength;
      entry.headers = event.response.headers;
      if (event.response.fromDiskCache || event.response.fromPrefetchCache) entry.fromCache = true;
    }),
  );
  cdp.on('Network.responseReceivedExtraInfo', (event) => {
    const entry = requests.get(event.requestId);
    if (entry) entry.wireStatus = event.statusCode;
    else early.set(event.requestId, event.statusCode);
  });
  cdp.on(
    'Network.requestServedFromCache',
    touched((entry) => {
      entry.fromCache = true;
    }),
  );
  cdp.on(
    'Network.dataReceived',
    touched((entry, event) => {
      entry.decoded += event.dataLength;
    }),
  );
  cdp.on(
    'Network.loadingFinished',
    touched((entry, event) => {
      entry.encodedTotal = event.encodedDataLength;
      entry.durationMs = (event.timestamp - entry.startedAt) * 1000;
      entry.done = true;
    }),
  );
  cdp.on(
    'Network.loadingFailed',
    touched((entry) => {
      entry.done = true;
    }),
  );
  await cdp.send('Network.enable');
  return {
    requests,
    /** Requests of the current document made since `since` (a copy of `requests.keys()` taken before). */
    since: (since: ReadonlySet<string>) =>
      [...requests.values()].filter(
        (entry) => !since.has(entry.requestId) && entry.loaderId === currentDocument,
      ),
    async idle(what: string, idleMs = 500, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const inFlight = [...requests.values()].filter(
          (entry) => !entry.done && entry.loaderId === currentDocument && !isEventStream(entry),
        );
        if (inFlight.length === 0 && Date.now() - lastActivity >= idleMs) return;
        if (Date.now() > deadline)
          throw new Error(
            `network never went idle on ${what}; in flight: ${inFlight.map((entry) => entry.url).join(', ')}`,
          );
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

function kindOf(entry: NetworkEntry): LoadedResource['kind'] {
  if (entry.type === 'Document') return 'document';
  if (entry.type === 'Script' || /javascript|ecmascript/.test(entry.mime)) return 'js';
  if (entry.type === 'Stylesheet' || entry.mime === 'text/css') return 'css';
  return 'other';
}

export function header(headers: Record<string, string>, name: string): string | null {
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === name) return value;
  return null;
}

export type WatchedNetwork = Awaited<ReturnType<typeof watchNetwork>>;

/**
 * A new browser context (its own empty HTTP cache) and page: CPU throttled through CDP, its requests
 * watched, and the ready probe of `ready` installed for each load of the page.
 */
export async function openPage(
  browser: Browser,
  options: { cpuRate: number; ready: ReadySpec; context?: BrowserContextOptions; cacheDisabled: boolean },
) {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    serviceWorkers: 'block',
    ...options.context,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const network = await watchNetwork(cdp);
  if (options.cacheDisabled) await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuRate });
  await page.addInitScript({ content: readyProbe(options.ready) });
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return { context, page, cdp, network, pageErrors };
}

/** Waits for the ready probe of the page's current load; its time, in ms since navigation start. */
export async function whenReady(page: Page, url: string, pageErrors: string[], timeoutMs = 60_000) {
  await page
    .waitForFunction(() => window.__benchReadyAt !== undefined, null, { timeout: timeoutMs, polling: 50 })
    .catch((error: unknown) => {
      throw new Error(`${url} never became ready (${String(error)}); page errors: ${pageErrors.join('; ')}`);
    });
  return page.evaluate(() => window.__benchReadyAt!);
}

/**
 * One cold first load of `url` in a fresh browser context (empty cache, cache disabled through CDP,
 * CPU throttled through CDP). Bytes come from the CDP Network events of every response until the page
 * is ready and the network has been idle for `idleMs`.
 */
export async function measureFirstLoad(
  browser: Browser,
  options: {
    url: string;
    cpuRate: number;
    ready: ReadySpec;
    context?: BrowserContextOptions;
    idleMs?: number;
    timeoutMs?: number;
    /** Then open another area in the same page (a click, as an admin would) and count what it adds. */
    next?: NextArea;
    /** Sample the page's JavaScript (CDP Profiler) until it is ready: `cpuByScript` in the sample. */
    profile?: boolean;
  },
): Promise<LoadSample> {
  const idleMs = options.idleMs ?? 500;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const { context, page, cdp, network, pageErrors } = await openPage(browser, {
    ...options,
    cacheDisabled: true,
  });
  try {
    const { requests } = network;
    if (options.profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await page.goto(options.url, { waitUntil: 'commit', timeout: timeoutMs });
    await whenReady(page, options.url, pageErrors, timeoutMs);
    const cpuByScript = options.profile
      ? selfTimeByScript((await cdp.send('Profiler.stop')).profile)
      : undefined;
    const networkIdle = () => network.idle(options.url, idleMs, timeoutMs);
    await networkIdle();
    const firstLoad = new Set(requests.keys());
    if (options.next) {
      await page.click(options.next.click);
      await page
        .getByRole('heading', { level: 1, name: options.next.heading, exact: true })
        .waitFor({ timeout: timeoutMs });
      await page.locator(options.next.selector).first().waitFor({ timeout: timeoutMs });
      await networkIdle();
    }
    const timings = await page.evaluate(() => {
      const navigation = performance.getEntriesByType('navigation')[0] as
        | PerformanceNavigationTiming
        | undefined;
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      return {
        readyMs: window.__benchReadyAt ?? Number.NaN,
        fcp: fcp ? fcp.startTime : null,
        dcl: navigation ? navigation.domContentLoadedEventEnd : null,
      };
    });

    const warnings: string[] = [];
    const resources: LoadedResource[] = [];
    const nextResources: LoadedResource[] = [];
    for (const entry of requests.values()) {
      if (entry.url.startsWith('data:')) continue;
      const encodedTotal = entry.encodedTotal ?? 0;
      const encodedBody = Math.max(0, encodedTotal - entry.headerBytes);
      const lengthHeader = header(entry.headers, 'content-length');
      const contentLength = lengthHeader === null ? null : Number(lengthHeader);
      if (contentLength !== null && entry.done && contentLength !== encodedBody) {
        warnings.push(`${entry.url}: wire body ${encodedBody} B but Content-Length ${contentLength} B`);
      }
      const kind = kindOf(entry);
      const gzip9 = kind === 'js' || kind === 'css' ? await gzip9Of(cdp, entry.requestId) : 0;
      if (Number.isNaN(gzip9)) warnings.push(`${entry.url}: body not available for the gzip -9 figure`);
      (firstLoad.has(entry.requestId) ? resources : nextResources).push({
        url: entry.url,
        kind,
        status: entry.status,
        encodedBody,
        gzip9,
        headerBytes: entry.headerBytes,
        decodedBody: entry.decoded,
        contentEncoding: header(entry.headers, 'content-encoding'),
        contentLength,
      });
    }
    const isJsCss = (resource: LoadedResource) => resource.kind === 'js' || resource.kind === 'css';
    const jsCss = resources.filter(isJsCss);
    const nextJsCss = nextResources.filter(isJsCss);
    const documents = resources.filter((resource) => resource.kind === 'document');
    // Inline <script> and <style> of the HTML as served (a page could move its code there).
    let inlineJsCss = 0;
    const documentEntry = [...requests.values()].find((entry) => entry.type === 'Document');
    if (documentEntry) {
      const { body, base64Encoded } = await cdp.send('Network.getResponseBody', {
        requestId: documentEntry.requestId,
      });
      const html = base64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body;
      for (const match of html.matchAll(/<(script|style)\b([^>]*)>([\s\S]*?)<\/\1>/gi)) {
        if (match[1]!.toLowerCase() === 'script' && /\bsrc\s*=/i.test(match[2]!)) continue;
        inlineJsCss += Buffer.byteLength(match[3]!);
      }
    }
    for (const resource of jsCss) {
      if (resource.status !== 200) warnings.push(`${resource.url}: HTTP ${resource.status}`);
    }
    return {
      cpuRate: options.cpuRate,
      readyMs: timings.readyMs,
      firstContentfulPaintMs: timings.fcp,
      domContentLoadedMs: timings.dcl,
      jsCss: countBytes(jsCss),
      html: {
        raw: documents.reduce((sum, resource) => sum + resource.decodedBody, 0),
        sent: documents.reduce((sum, resource) => sum + resource.encodedBody, 0),
        inlineJsCss,
      },
      all: {
        sent: resources.reduce((sum, resource) => sum + resource.encodedBody, 0),
        requests: resources.length,
      },
      ...(options.next ? { nextJsCss: countBytes(nextJsCss) } : {}),
      ...(cpuByScript ? { cpuByScript } : {}),
      resources,
      warnings,
    };
  } finally {
    await context.close();
  }
}
