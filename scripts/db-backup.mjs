#!/usr/bin/env node
// `pnpm db:backup`: a pg_dump of DATABASE_URL in custom format (compressed, restorable table by table)
// into BACKUP_DIR (default ./backups) as <database>-<UTC timestamp>.dump, then keeps only the newest
// BACKUP_KEEP (default 14) backups of that database. `pnpm db:restore <file>` restores one.
import { mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { connection, DbToolError, databaseName, databaseUrl, main, runTool } from './db/pg-tools.mjs';

main(async () => {
  const url = databaseUrl();
  const dir = resolve(process.env.BACKUP_DIR || 'backups');
  const keep = keepCount(process.env.BACKUP_KEEP);
  const name = databaseName(url);
  mkdirSync(dir, { recursive: true });

  const stamp = new Date().toISOString().replace(/[-:]/g, ''); // 20261126T193300.123Z: sorts by time
  const file = join(dir, `${name}-${stamp}.dump`);
  // Written aside and renamed when complete: a dump cut short never counts as a backup.
  const partial = `${file}.partial`;
  const { dbname, env } = connection(url);
  const started = Date.now();
  try {
    await runTool(
      'pg_dump',
      ['--format=custom', '--no-owner', '--no-acl', `--file=${partial}`, `--dbname=${dbname}`],
      env,
    );
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  }
  renameSync(partial, file);
  const size = (statSync(file).size / 1024 / 1024).toFixed(1);
  console.log(
    `Backup of ${name} written: ${file} (${size} MB, ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );

  const removed = prune(dir, name, keep);
  if (removed.length)
    console.log(
      `Removed ${removed.length} older backup(s), keeping the newest ${keep}: ${removed.join(', ')}`,
    );
});

function keepCount(value) {
  if (value === undefined || value.trim() === '') return 14;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new DbToolError(`BACKUP_KEEP must be a whole number of backups >= 1 (got '${value}').`);
  return n;
}

/** Deletes this database's backups beyond the newest `keep` (their names sort by time); nothing else. */
function prune(dir, name, keep) {
  const ours = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-\\d{8}T\\d{6}\\.\\d{3}Z\\.dump$`);
  const backups = readdirSync(dir)
    .filter((f) => ours.test(f))
    .sort()
    .reverse();
  const old = backups.slice(keep);
  for (const f of old) rmSync(join(dir, f));
  return old;
}
