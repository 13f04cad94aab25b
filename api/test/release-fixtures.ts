import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ReleaseTarget, releaseDirOf, remoteNameOf } from '@backoffice/shared/contract';
import { writeReleaseInfo } from '@backoffice/shared/mf/release-info';

/** What the shell of these tests provides (as its release.json says). */
export const SHELL_PROVIDES = { react: '19.3.1', 'react-dom': '19.3.1', 'antd/es/table': '6.6.8' };
/** What a remote of these tests requires of it. */
export const REMOTE_REQUIRES = { react: '^19.0.0', 'react-dom': '^19.0.0', 'antd/es/table': '^6.6.0' };
/** The JavaScript of a remote that calls two mines routes (its contract). */
export const MINES_CALLS = 'fetch("/admin/mines");fetch("/admin/mines/stats")';

export interface FakeBuild {
  commit?: string;
  /** A remote: shared module -> required range. */
  requires?: Record<string, string>;
  /** The shell: shared module -> version. */
  provides?: Record<string, string>;
  /** JavaScript whose string literals name the API routes it calls. */
  javascript?: string;
}

/**
 * A build as the real ones are laid out, written straight into the releases folder: a remote's
 * mf-manifest.json naming its entry and exposed chunk, and the release.json of shared/src/mf.
 */
export function fakeRelease(
  releasesDir: string,
  target: ReleaseTarget,
  version: string,
  build: FakeBuild = {},
) {
  const dir = join(releasesDir, releaseDirOf(target), version);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'static/js'), { recursive: true });
  const commit = build.commit ?? `commit-${version}`;
  writeFileSync(join(dir, 'static/js/app.js'), `/* ${target} ${version} */${build.javascript ?? ''}`);
  if (target === 'shell') {
    writeFileSync(join(dir, 'index.html'), `<!doctype html><title>shell ${version}</title>`);
    writeReleaseInfo(dir, { name: 'shell', version, commit, provides: build.provides ?? SHELL_PROVIDES });
    return dir;
  }
  const name = remoteNameOf(target);
  writeFileSync(join(dir, 'static/js/entry.js'), `/* ${name} entry */`);
  const requires = build.requires ?? REMOTE_REQUIRES;
  const assets = (file: string) => ({ js: { sync: [file], async: [] }, css: { sync: [], async: [] } });
  writeFileSync(
    join(dir, 'mf-manifest.json'),
    JSON.stringify({
      id: name,
      name,
      metaData: {
        name,
        buildInfo: { buildVersion: version, commit },
        remoteEntry: { name: 'static/js/entry.js', path: '' },
      },
      exposes: [{ name: 'app', path: './app', assets: assets('static/js/app.js') }],
      shared: Object.entries(requires).map(([shareName, requiredVersion]) => ({
        name: shareName,
        requiredVersion,
        singleton: true,
        assets: assets('static/js/app.js'),
      })),
    }),
  );
  writeReleaseInfo(dir, {
    name,
    version,
    commit,
    area: { routes: [{ path: `/${target}/home`, title: `${target} home` }], menu: [] },
  });
  return dir;
}
