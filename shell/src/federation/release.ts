/** Which build of a remote is loaded: mf-manifest.json metaData.buildInfo (see mf-*\/rsbuild.config.ts). */
export interface RemoteRelease {
  version: string;
  commit?: string;
}

/**
 * Reads a remote's version from its manifest (the federation runtime has just fetched it, so this is a
 * revalidation). Best effort: null when it cannot be read; the area works the same.
 */
export async function fetchRelease(entry: string): Promise<RemoteRelease | null> {
  try {
    const response = await fetch(entry, { cache: 'no-cache' });
    if (!response.ok) return null;
    const manifest = (await response.json()) as {
      metaData?: { buildInfo?: { buildVersion?: unknown; commit?: unknown } };
    };
    const info = manifest.metaData?.buildInfo;
    if (typeof info?.buildVersion !== 'string') return null;
    return {
      version: info.buildVersion,
      ...(typeof info.commit === 'string' ? { commit: info.commit } : {}),
    };
  } catch {
    return null;
  }
}
