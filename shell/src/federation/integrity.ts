import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Subresource integrity of remote areas (docs/operations.md#release-integrity): the registry gives, for the
 * build being loaded, the SHA-256 recorded at publish of its mf-manifest.json and of each file the manifest
 * names (entry, exposed chunks, shared fallbacks). The federation runtime fetches the manifest and adds
 * those files as <script> and <link> elements: this plugin puts the integrity on each, so the browser
 * refuses bytes that differ, whoever served them. The chunks the entry loads later carry their own
 * hashes in it (the remote's build, `security.sri`).
 */
const known = new Map<string, string>();

/** Notes the integrity of a build's files, by absolute URL (`files` are paths in the build's folder). */
export function expectIntegrity(manifestUrl: string, files: Record<string, string> | undefined): void {
  const folder = new URL('.', manifestUrl);
  for (const [file, sri] of Object.entries(files ?? {})) known.set(new URL(file, folder).href, sri);
}

/** A file's integrity by its address without the query (a retried entry carries `?attempt=N`: fresh-load.ts). */
function integrityOf(url: string): string | undefined {
  const address = new URL(url, document.baseURI);
  address.search = '';
  return known.get(address.href);
}

export function integrityPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'backoffice-integrity',
    fetch(url, init) {
      const integrity = integrityOf(url);
      return integrity ? fetch(url, { ...init, integrity }) : undefined;
    },
    createScript({ url, attrs }) {
      const integrity = integrityOf(url);
      if (!integrity) return undefined;
      const script = document.createElement('script');
      script.src = url;
      for (const [name, value] of Object.entries(attrs ?? {})) script.setAttribute(name, String(value));
      script.integrity = integrity;
      script.crossOrigin = 'anonymous';
      return script;
    },
    createLink({ url, attrs }) {
      const integrity = integrityOf(url);
      if (!integrity) return undefined;
      const link = document.createElement('link');
      link.href = url;
      for (const [name, value] of Object.entries(attrs ?? {})) link.setAttribute(name, String(value));
      link.integrity = integrity;
      link.crossOrigin = 'anonymous';
      return link;
    },
  };
}
