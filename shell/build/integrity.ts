import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RsbuildPlugin } from '@rsbuild/core';

/** A file of the build as subresource integrity ('sha256-<base64>'). */
export const sriOf = (distDir: string, url: string) =>
  `sha256-${createHash('sha256')
    .update(readFileSync(join(distDir, url)))
    .digest('base64')}`;

/** Where the build's own preload links name their integrity, filled once the files are final. */
export const INTEGRITY_PLACEHOLDER = '"__BACKOFFICE_INTEGRITY__"';

/**
 * The shell's preload links carry the integrity of what they fetch (docs/operations.md#release-integrity):
 * the chunks are then loaded with integrity (security.sri), and a preload without the same integrity
 * would not be used (the browser fetches such a file twice). Files are final only once the build is:
 * after it, each `[url]` list written with INTEGRITY_PLACEHOLDER in index.html and preload.json gets
 * a map of url -> integrity in its place. Before release.json, which records the files as this leaves them.
 * /config.js keeps none: it is the deployment's.
 */
export function pluginPreloadIntegrity(): RsbuildPlugin {
  return {
    name: 'backoffice:preload-integrity',
    setup(api) {
      api.onAfterBuild(() => {
        const dist = api.context.distPath;
        const fill = (name: string, urlsIn: (text: string) => string[]) => {
          const file = join(dist, name);
          const text = readFileSync(file, 'utf8');
          if (!text.includes(INTEGRITY_PLACEHOLDER)) throw new Error(`${name} has no integrity placeholder`);
          const integrity = Object.fromEntries(urlsIn(text).map((url) => [url, sriOf(dist, url)]));
          writeFileSync(file, text.replace(INTEGRITY_PLACEHOLDER, JSON.stringify(integrity)));
        };
        // index.html: the list that follows the placeholder in the sign-in preload script.
        fill('index.html', (text) => {
          const list = text.slice(text.indexOf(INTEGRITY_PLACEHOLDER) + INTEGRITY_PLACEHOLDER.length);
          return JSON.parse(/^;(\[[^\]]*\])/.exec(list)?.[1] ?? '[]') as string[];
        });
        // /config.js is replaced at deploy time (BACKOFFICE_CONFIG, README.md): no integrity can hold for it.
        const index = join(dist, 'index.html');
        writeFileSync(
          index,
          readFileSync(index, 'utf8').replace(/(<script src="\/config\.js"[^>]*?) integrity="[^"]*"/, '$1'),
        );
        // preload.json: every group's files.
        fill('preload.json', (text) => {
          const groups = JSON.parse(text.replace(INTEGRITY_PLACEHOLDER, '{}')) as Record<string, unknown>;
          return [
            ...new Set(Object.values(groups).flatMap((v) => (Array.isArray(v) ? (v as string[]) : []))),
          ];
        });
      });
    },
  };
}
