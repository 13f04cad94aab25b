import { cpSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { areaManifest } from '@backoffice/shared/permissions';
import { createRsbuild } from '@rsbuild/core';
import floorConfig from '../floor/rsbuild.config.ts';
import { benchDir, repoRoot, snapshotsDir } from './paths.ts';
import { run } from './processes.ts';

/** A built static app the bench can serve with scripts/serve.mjs. */
export interface App {
  name: string;
  dist: string;
  spa: boolean;
  build(): Promise<void>;
  /** Environment for serve.mjs (BACKOFFICE_CONFIG). */
  env?: NodeJS.ProcessEnv;
  /** API origin serve.mjs forwards /api/* to (the signed-in console). */
  proxy?: string;
  /** The releases folder serve.mjs serves the live shell and the areas from (the signed-in console). */
  releases?: string;
  /** Its releases folder is none of the API's (the monolith floor): served without the integrity check. */
  unchecked?: boolean;
}

/** The remotes (areas.json), by federation name. */
export const remoteDirs: Readonly<Record<string, string>> = Object.fromEntries(
  areaManifest.map(({ name, dir }) => [name, dir]),
);

const builtWithPnpm = (dir: string): App => ({
  name: dir,
  dist: join(repoRoot, dir, 'dist'),
  spa: false,
  build: () => run('pnpm', ['-C', dir, 'build']),
});

export const apps: Record<string, App> = {
  floor: {
    name: 'floor',
    dist: join(benchDir, 'floor/dist'),
    spa: true,
    async build() {
      const rsbuild = await createRsbuild({ cwd: join(benchDir, 'floor'), config: floorConfig });
      const result = await rsbuild.build();
      await result.close();
    },
  },
  shell: {
    name: 'shell',
    dist: join(repoRoot, 'shell/dist'),
    spa: true,
    build: () => run('pnpm', ['-C', 'shell', 'build']),
    // The sign-in page must not depend on an API: point the console at a port nothing listens on, so a
    // developer's running API (port 3000) cannot change what is measured.
    env: {
      BACKOFFICE_CONFIG: JSON.stringify({ apiBaseUrl: 'http://127.0.0.1:4098/api' }),
    },
  },
  // The monolith floor (monolith/rsbuild.config.ts): built from the shell's folder, served as the console.
  monolith: {
    name: 'monolith',
    dist: join(benchDir, 'monolith/dist'),
    spa: true,
    build: () =>
      run('pnpm', ['-C', 'shell', 'exec', 'rsbuild', 'build', '-c', '../bench/monolith/rsbuild.config.ts']),
  },
  ...Object.fromEntries(Object.values(remoteDirs).map((dir) => [dir, builtWithPnpm(dir)])),
};

/**
 * Copies an app's dist to bench/.snapshots/<app> and returns that folder: what is measured is then
 * fixed for the whole run, even if someone rebuilds the app (its dist is emptied first) meanwhile.
 */
export function snapshot(app: App): string {
  if (!existsSync(join(app.dist, 'index.html')))
    throw new Error(`${app.dist}/index.html is missing: build ${app.name}`);
  const target = join(snapshotsDir, app.name);
  rmSync(target, { recursive: true, force: true });
  cpSync(app.dist, target, { recursive: true });
  return target;
}
