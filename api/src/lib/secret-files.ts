import { readFileSync } from 'node:fs';

/** The settings that may come from a file instead (Docker and Kubernetes secrets): `<NAME>_FILE`. */
export const SECRET_SETTINGS = [
  'DATABASE_URL',
  'REDIS_URL',
  'REDIS_PASSWORD',
  'JWT_SECRET',
  'ADMIN_PASSWORD',
  'OPS_TOKEN',
  'METRICS_TOKEN',
] as const;

/**
 * Sets each secret setting given as `<NAME>_FILE` from that file's content (a trailing newline dropped),
 * in `env` itself, so every reader of the setting sees it. Both forms at once, an unreadable or empty
 * file: an error naming the setting (the process must not start with half its secrets).
 */
export function readSecretFiles(env: NodeJS.ProcessEnv): void {
  for (const name of SECRET_SETTINGS) {
    const file = env[`${name}_FILE`];
    if (!file) continue;
    if (env[name] !== undefined && env[name] !== '') throw new Error(`set ${name} or ${name}_FILE, not both`);
    let value: string;
    try {
      value = readFileSync(file, 'utf8').replace(/\r?\n$/, '');
    } catch (err) {
      throw new Error(`${name}_FILE: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? err})`);
    }
    if (!value) throw new Error(`${name}_FILE: ${file} is empty`);
    env[name] = value;
  }
}
