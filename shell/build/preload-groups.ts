import type { RsbuildPlugin } from '@rsbuild/core';
import { INTEGRITY_PLACEHOLDER } from './integrity.ts';

/**
 * What a signed-in page needs before its code asks for it, as `preload.json` beside index.html, for the
 * console's server (scripts/serve/live-shell.mjs) to write preload links into the page: every page, the
 * layout's chunks; a page of an area, also the area route, the federation runtime and the list
 * components. The chunks are named in the source (webpackChunkName); the files are this build's, with
 * their integrity under `integrity` (filled after the build: integrity.ts).
 */
const GROUPS: Record<string, readonly string[]> = {
  signedIn: ['layout'],
  area: ['remote-route', 'federation', 'antd-list'],
};

export function pluginPreloadGroups(groups = GROUPS): RsbuildPlugin {
  return {
    name: 'backoffice:preload-groups',
    setup(api) {
      api.processAssets({ stage: 'report' }, ({ compilation, sources }) => {
        const filesOf = (name: string) => {
          const group = compilation.namedChunkGroups.get(name);
          if (!group) throw new Error(`no chunk named '${name}' (the webpackChunkName of its import)`);
          return group.chunks
            .flatMap((chunk) => [...chunk.files])
            .filter((file) => file.endsWith('.js') || file.endsWith('.css'))
            .map((file) => `/${file}`);
        };
        const files = Object.fromEntries(
          Object.entries(groups).map(([group, names]) => [group, [...new Set(names.flatMap(filesOf))]]),
        );
        const json = JSON.stringify(files, null, 2).replace(
          /\n}$/,
          `,\n  "integrity": ${INTEGRITY_PLACEHOLDER}\n}`,
        );
        compilation.emitAsset('preload.json', new sources.RawSource(`${json}\n`));
      });
    },
  };
}
