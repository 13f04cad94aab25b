import { defineConfig } from 'vitest/config';
import { reachable } from './test/reachable.ts';

/**
 * Two projects run the same tests: 'pglite' (embedded) and 'postgres' (a fresh database per test file on
 * the server at 127.0.0.1:5432 or TEST_PG_URL, skipped with a notice when it does not answer or when
 * TEST_PG=0). TEST_PGLITE=0 leaves out 'pglite' when 'postgres' runs (`pnpm test` runs each project on
 * another Node version: scripts/test.mjs).
 */
export default defineConfig(async () => {
  const wantPg = process.env.TEST_PG !== '0';
  const url = new URL(process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const where = `${url.hostname}:${url.port || 5432}`;
  const pg = wantPg && (await reachable(url.hostname, Number(url.port || 5432)));
  if (wantPg && !pg) {
    console.warn(`\n[api tests] PostgreSQL does not answer at ${where}: the postgres project is SKIPPED.\n`);
  }
  const common = {
    include: ['test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // One module graph for every file: importing the app afresh for each file was half of the run's time.
    // Tests leave no module state behind (a spy, not vi.mock, where one must stand in for the API's code).
    isolate: false,
  };
  return {
    test: {
      projects: [
        ...(pg && process.env.TEST_PGLITE === '0' ? [] : [{ test: { ...common, name: 'pglite' } }]),
        // server.test.ts runs the process itself on its embedded database: once is enough.
        ...(pg ? [{ test: { ...common, name: 'postgres', exclude: ['test/server.test.ts'] } }] : []),
      ],
    },
  };
});
