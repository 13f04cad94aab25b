// @vitest-environment node
// The API contract a real build records in its release.json (the routes its bundler kept of
// @backoffice/shared/endpoints, shared/src/mf/release-info.ts) is exactly the routes its source names: the
// release gate checks those and no others (docs/operations.md#releases). Builds mf-mines and mf-finance
// (a few seconds each); CONTRACT_BUILD_APPS=all (or a comma-separated list of folders) builds others too.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { routes } from '@backoffice/shared/contract';
import { areaManifest } from '@backoffice/shared/permissions';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const out = mkdtempSync(join(tmpdir(), 'recorded-contract-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

const allApps = ['shell', ...areaManifest.map((area) => area.dir)];
const wanted = process.env.CONTRACT_BUILD_APPS;
const apps = wanted === 'all' ? allApps : wanted ? wanted.split(',') : ['mf-mines', 'mf-finance'];

const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\/|(^|[^:])\/\/.*$/gm, '$1');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

/** The routes a source tree names: `endpoints.x`, or `import { x } from '@backoffice/shared/endpoints'`. */
function namedRoutes(dir: string): string[] {
  const names = sourceFiles(dir).flatMap((file) => {
    const code = withoutComments(readFileSync(file, 'utf8'));
    const members = [...code.matchAll(/\bendpoints\.(\w+)/g)].map((match) => match[1]!);
    const imports = [...code.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@backoffice\/shared\/endpoints'/g)];
    const named = imports.flatMap((match) =>
      match[1]!
        .split(',')
        .map((part) => part.trim().split(/\s+as\s+/)[0]!)
        .filter(Boolean),
    );
    return [...members, ...named];
  });
  return [...new Set(names)].sort();
}

/** Builds an app with its own rsbuild config into a folder of the test (its dist/ is left alone). */
async function build(app: string) {
  const distPath = join(out, app);
  const script = `
    import { createRsbuild, loadConfig, mergeRsbuildConfig } from '@rsbuild/core';
    const { content } = await loadConfig({ cwd: process.cwd() });
    const rsbuildConfig = mergeRsbuildConfig(content, {
      output: { distPath: { root: process.env.DIST } },
      performance: { printFileSize: false },
    });
    await (await createRsbuild({ cwd: process.cwd(), rsbuildConfig })).build();
  `;
  await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
    cwd: join(root, app),
    env: { ...process.env, NODE_ENV: 'production', DIST: distPath },
  });
  return JSON.parse(readFileSync(join(distPath, 'release.json'), 'utf8')) as {
    contract: { routes: Record<string, string> };
  };
}

describe('the contract a build records', () => {
  it('shared browser code names no route itself: an app passes it the endpoints it calls', () => {
    const shared = join(root, 'shared', 'src');
    // contract/ is the catalogue, mf/ the build's own code (Node).
    const browser = readdirSync(shared).filter((dir) => dir !== 'contract' && dir !== 'mf');
    expect(browser).toContain('ui');
    for (const dir of browser) expect(namedRoutes(join(shared, dir)), dir).toEqual([]);
  });

  it('no app writes an API path itself: each call names its endpoint, so that its build records it', () => {
    const prefixes = [...new Set(Object.values(routes).map((route) => route.path.split(':')[0]!))];
    const offending = allApps.flatMap((app) =>
      sourceFiles(join(root, app, 'src')).flatMap((file) => {
        const code = withoutComments(readFileSync(file, 'utf8'));
        const literals = [...code.matchAll(/'[^'\n]*'|"[^"\n]*"|`[^`]*`/g)].map((match) =>
          match[0].slice(1, -1),
        );
        return literals
          .filter((text) => prefixes.some((path) => text.startsWith(path) || text.includes(`}${path}`)))
          .map((text) => `${file.slice(root.length + 1)}: ${text}`);
      }),
    );
    expect(offending).toEqual([]);
  });

  it.each(apps)(
    '%s: exactly the routes its source names',
    async (app) => {
      const expected = namedRoutes(join(root, app, 'src'));
      expect(expected.length).toBeGreaterThan(0);
      const release = await build(app);
      expect(Object.keys(release.contract.routes).sort()).toEqual(expected);
    },
    180_000,
  );
});
