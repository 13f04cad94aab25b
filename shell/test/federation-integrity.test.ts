import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectIntegrity, integrityPlugin } from '../src/federation/integrity.ts';

// docs/operations.md#release-integrity: the browser checks the files the federation runtime adds.

const base = new URL('/remotes/mf-mines/1.0.0/', document.baseURI).href;
const manifestUrl = `${base}mf-manifest.json`;
type Hook<K extends 'fetch' | 'createScript' | 'createLink'> = NonNullable<
  ReturnType<typeof integrityPlugin>[K]
>;

describe('the integrity plugin of the federation runtime', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fetches the manifest with the registry’s integrity, then trusts the integrity it names for its files', async () => {
    expectIntegrity(manifestUrl, { 'mf-manifest.json': 'sha256-manifest=' });
    const manifest = {
      metaData: {
        integrity: { 'static/js/mf_mines.js': 'sha256-entry=', 'static/css/app.css': 'sha256-css=' },
      },
    };
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(manifest)));
    vi.stubGlobal('fetch', fetch);
    const plugin = integrityPlugin();
    const response = await (plugin.fetch as Hook<'fetch'>)(manifestUrl, {});
    expect(response).toBeInstanceOf(Response);
    expect(fetch.mock.calls[0]![1]).toMatchObject({ integrity: 'sha256-manifest=' });

    // The entry, under a retry's query too (fresh-load.ts): the same file.
    const script = (plugin.createScript as Hook<'createScript'>)({
      url: `${base}static/js/mf_mines.js?attempt=2`,
      attrs: { fetchpriority: 'high' },
    }) as HTMLScriptElement;
    expect(script.integrity).toBe('sha256-entry=');
    expect(script.crossOrigin).toBe('anonymous');
    expect(script.getAttribute('fetchpriority')).toBe('high');
    const link = (plugin.createLink as Hook<'createLink'>)({
      url: `${base}static/css/app.css`,
      attrs: { rel: 'stylesheet' },
    }) as HTMLLinkElement;
    expect(link.integrity).toBe('sha256-css=');
    expect(link.rel).toBe('stylesheet');
  });

  it('leaves a file it knows nothing of to the runtime (a build from before integrity checks, dev servers)', async () => {
    const plugin = integrityPlugin();
    expect(
      (plugin.createScript as Hook<'createScript'>)({ url: 'http://localhost:3005/remoteEntry.js' }),
    ).toBeUndefined();
    expect(
      await (plugin.fetch as Hook<'fetch'>)('http://localhost:3005/mf-manifest.json', {}),
    ).toBeUndefined();
  });
});
