// What `pnpm db:backup` and `pnpm db:restore` share: the database from DATABASE_URL and PostgreSQL's
// own client tools (pg_dump, pg_restore, psql), run with the password in the environment rather than
// on a command line that `ps` shows. Node built-ins only: the backup image carries no node_modules.
import { spawn } from 'node:child_process';

/** A failure with its reason for the operator: printed without a stack, exit code 1. */
export class DbToolError extends Error {}

/** DATABASE_URL, or a clear refusal: the embedded PGlite database is a folder no pg_dump can read. */
export function databaseUrl(env = process.env) {
  const url = env.DATABASE_URL?.trim();
  if (!url)
    throw new DbToolError(
      'DATABASE_URL is not set: the API then runs on its embedded PGlite database (DATA_DIR/db), which ' +
        'pg_dump and pg_restore cannot reach. Stop the API and copy that folder to back it up, or set ' +
        'DATABASE_URL to the PostgreSQL database to back up or restore.',
    );
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    throw new DbToolError('DATABASE_URL is not a URL (postgres://user:password@host:5432/database).');
  }
  if (!/^postgres(ql)?:$/.test(parsed.protocol))
    throw new DbToolError('DATABASE_URL must be a postgres:// URL.');
  return parsed;
}

/** The database's name (backups are named after it). */
export const databaseName = (url) => decodeURIComponent(url.pathname.slice(1)) || 'postgres';

/** `--dbname` without the password, and the environment that carries it. */
export function connection(url) {
  const withoutPassword = new URL(url);
  withoutPassword.password = '';
  const env = { ...process.env };
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  return { dbname: withoutPassword.toString(), env };
}

/** Runs one of the client tools; resolves with its stdout, rejects with its stderr. */
export function runTool(command, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', (e) =>
      reject(
        e.code === 'ENOENT'
          ? new DbToolError(
              `${command} is not installed: install PostgreSQL's client tools (postgresql-client).`,
            )
          : e,
      ),
    );
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new DbToolError(`${command} failed (exit ${code}): ${err.trim()}`)),
    );
  });
}

/** Runs a script's main, printing a DbToolError's message alone. */
export function main(fn) {
  fn().then(
    (code) => process.exit(code ?? 0),
    (err) => {
      console.error(err instanceof DbToolError ? err.message : err);
      process.exit(1);
    },
  );
}
