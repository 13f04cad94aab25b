import type { RuntimeConfig } from '@backoffice/shared/host';

/** Development values of README.md. */
export const developmentConfig: Omit<RuntimeConfig, 'live'> = {
  apiBaseUrl: 'http://localhost:3000/api',
  assetsUrl: 'http://localhost:3001',
  appUrl: 'http://localhost:3001',
};

/** What /config.js may set: any address, and the live flag (true, 1 or '1'). */
export interface RawConfig {
  apiBaseUrl?: string;
  assetsUrl?: string;
  appUrl?: string;
  live?: boolean | number | string;
  /** How often the sidebar's queue counts are read while the live event stream is down (ms). */
  livePollMs?: number;
  /** How long after a signed-in page opened the other areas start loading in the background; 0: never (ms). */
  preloadAreasMs?: number;
}

function isOn(flag: unknown): boolean {
  return flag === true || flag === 1 || flag === '1' || flag === 'true';
}

/**
 * The live flag picks the production values, derived from the page's own origin ({host}); otherwise
 * the development values. Addresses set explicitly in /config.js win over both.
 */
export function resolveConfig(raw: RawConfig | undefined, origin: string): RuntimeConfig {
  const live = isOn(raw?.live);
  const base = live ? { apiBaseUrl: `${origin}/api`, assetsUrl: origin, appUrl: origin } : developmentConfig;
  return {
    apiBaseUrl: (raw?.apiBaseUrl ?? base.apiBaseUrl).replace(/\/+$/, ''),
    assetsUrl: raw?.assetsUrl ?? base.assetsUrl,
    appUrl: raw?.appUrl ?? base.appUrl,
    live,
  };
}

export const runtimeConfig: RuntimeConfig = resolveConfig(
  typeof window === 'undefined' ? undefined : window.__BACKOFFICE_CONFIG__,
  typeof window === 'undefined' ? 'http://localhost:3001' : window.location.origin,
);

/** Default of `livePollMs`: the queue counts every 30 s while the event stream is down. */
export const LIVE_POLL_MS = 30_000;

/** A number of /config.js, or `fallback` when it is missing or below `min`. */
function configNumber(key: 'livePollMs' | 'preloadAreasMs', min: number, fallback: number): number {
  const raw = typeof window === 'undefined' ? undefined : window.__BACKOFFICE_CONFIG__?.[key];
  return typeof raw === 'number' && raw >= min ? raw : fallback;
}

export const livePollMs = configNumber('livePollMs', 100, LIVE_POLL_MS);

/** Default of `preloadAreasMs`: the other areas load once the page has been open 4 s (shell/src/federation/preload.ts). */
export const PRELOAD_AREAS_MS = 4000;

export const preloadAreasMs = configNumber('preloadAreasMs', 0, PRELOAD_AREAS_MS);
