import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { driver } from './helpers.ts';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
/** What only development needs: the dev chain, the Solidity compiler, test and lint tools. */
const DEV_ONLY = ['ganache', 'solc', 'vitest', '@redocly+openapi-core', '@biomejs+biome'];
/** Not copied: installs and builds anywhere, the repository's own state at its top. */
const copied = (src: string) => {
  const path = relative(REPO, src).split(sep);
  if (path.includes('node_modules') || path.includes('dist')) return false;
  return !(path.length === 1 && ['.git', '.data', '.cache', 'backups', 'releases'].includes(path[0]!));
};

/**
 * The API image's install (docker/api.Dockerfile's own `pnpm install` line) on a copy of the repository,
 * then the API started from it with the image's CMD in its WORKDIR: production dependencies are enough,
 * and no dev-only package is there.
 * Once (the pglite project): it does not depend on the database.
 */
describe.runIf(driver === 'pglite')(
  'the API image: production dependencies only, its command (issue 21)',
  () => {
    const dir = mkdtempSync(join(tmpdir(), 'bo-api-image-'));
    let api: ChildProcess | undefined;
    afterAll(() => {
      api?.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    });

    it('installs without dev dependencies and the API starts and answers from that install', async () => {
      const dockerfile = readFileSync(join(REPO, 'docker/api.Dockerfile'), 'utf8');
      const install = /RUN (pnpm install [^\\&\n]+)/.exec(dockerfile)?.[1]?.trim();
      expect(install).toContain('--prod');
      cpSync(REPO, dir, { recursive: true, filter: copied });
      execFileSync('sh', ['-c', `${install} --offline`], {
        cwd: dir,
        stdio: 'pipe',
        env: { ...process.env, CI: 'true' },
      });

      const installed = readdirSync(join(dir, 'node_modules/.pnpm'));
      expect(installed.filter((name) => DEV_ONLY.some((dev) => name.startsWith(`${dev}@`)))).toEqual([]);
      expect(existsSync(join(dir, 'api/node_modules/fastify'))).toBe(true);

      const port = 20_000 + Math.floor(Math.random() * 20_000);
      // The image's own command, where its WORKDIR puts it.
      const [command, ...args] = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)![1]!) as string[];
      const workdir = [...dockerfile.matchAll(/^WORKDIR (\S+)$/gm)].at(-1)![1]!.replace(/^\/repo/, dir);
      api = spawn(command!, args, {
        cwd: workdir,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: join(dir, '.data'),
          DATABASE_URL: '',
          DEMO: '0',
        },
        stdio: 'ignore',
      });
      await expect
        .poll(
          async () => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined))?.status,
          {
            timeout: 60_000,
            interval: 250,
          },
        )
        .toBe(200);
    }, 120_000);
  },
);
