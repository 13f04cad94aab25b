import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Subresource integrity of remote areas (docs/operations.md#release-integrity): the registry gives, for the
 * build being loaded, the SHA-256 recorded at publish of its mf-manifest.json and of its entry; the
 * manifest, once checked, gives those of every file it names (entry, exposed chunks, shared fallbacks).
 * The federation runtime fetches the manifest and adds those files as <script> and <link> elements: this
 * plugin puts the integrity on each, so the browser refuses bytes that differ, whoever served them. The
 * chunks the entry loads later carry their own hashes in it (the remote's build, `security.sri`).
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
    // The manifest, checked against the registry's hash; the integrity of the files it names is then
    // as trustworthy as it is (its `metaData.integrity`, written by the build: writeManifestIntegrity).
    fetch(url, init) {
      const integrity = integrityOf(url);
      if (!integrity) return undefined;
      return fetch(url, { ...init, integrity }).then(async (response) => {
        if (response.ok) {
          const manifest = (await response.clone().json()) as {
            metaData?: { integrity?: Record<string, string> };
          };
          expectIntegrity(response.url || url, manifest.metaData?.integrity);
        }
        return response;
      });
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
