#!/usr/bin/env node
// `pnpm db:restore <file> [--clean]`: restores a `pnpm db:backup` file into DATABASE_URL, in one
// transaction (a failed restore leaves nothing half done). An empty database only, unless --clean
// (or --force): that drops every object of its public schema first. Stop the API while it runs.
import { closeSync, openSync, readSync } from 'node:fs';
import { resolve } from 'node:path';
import { connection, DbToolError, databaseName, databaseUrl, main, runTool } from './db/pg-tools.mjs';

const USAGE =
  'Usage: pnpm db:restore <backup file> [--clean]   (into DATABASE_URL; --clean replaces a non-empty database)';

main(async () => {
  const args = process.argv.slice(2);
  const clean = args.includes('--clean') || args.includes('--force');
  const unknown = args.filter((a) => a.startsWith('-') && a !== '--clean' && a !== '--force');
  const files = args.filter((a) => !a.startsWith('-'));
  if (unknown.length || files.length !== 1)
    throw new DbToolError(`${unknown.length ? `Unknown option ${unknown[0]}. ` : ''}${USAGE}`);
  const file = resolve(files[0]);
  checkDumpFile(file);

  const url = databaseUrl();
  const name = databaseName(url);
  const { dbname, env } = connection(url);
  const psql = (sql) =>
    runTool(
      'psql',
      [
        '--no-psqlrc',
        '--quiet',
        '--tuples-only',
        '--no-align',
        '--set=ON_ERROR_STOP=1',
        `--dbname=${dbname}`,
        '--command',
        sql,
      ],
      env,
    );

  const objects = Number(
    await psql(`SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
         AND n.nspname NOT LIKE 'pg\\_%'`),
  );
  if (objects > 0 && !clean)
    throw new DbToolError(
      `The database ${name} is not empty (${objects} tables, views or sequences): restore into an empty ` +
        'database, or pass --clean to drop everything in it first (stop the API before).',
    );
  if (objects > 0) {
    console.log(`Dropping every object of ${name}'s public schema (--clean)...`);
    await psql('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
  }
  const started = Date.now();
  await runTool(
    'pg_restore',
    ['--no-owner', '--no-acl', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`, file],
    env,
  );
  console.log(`Restored ${file} into ${name} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
});

/** A readable pg_dump custom-format file (it starts with PGDMP), else a clear message. */
function checkDumpFile(file) {
  let fd;
  try {
    fd = openSync(file, 'r');
  } catch {
    throw new DbToolError(`No backup file at ${file}.`);
  }
  const head = Buffer.alloc(5);
  try {
    readSync(fd, head, 0, 5, 0);
  } finally {
    closeSync(fd);
  }
  if (head.toString('latin1') !== 'PGDMP')
    throw new DbToolError(`${file} is not a pg_dump custom-format backup (pnpm db:backup writes those).`);
}
