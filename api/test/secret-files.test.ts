import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';

/** A file holding `content` (as a Docker secret under /run/secrets would). */
function secret(content: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'bo-secret-')), 'value');
  writeFileSync(file, content);
  return file;
}

describe('secrets from files (<NAME>_FILE, issue 21)', () => {
  it('reads JWT_SECRET, ADMIN_PASSWORD, OPS_TOKEN and DATABASE_URL from their files, without the trailing newline', () => {
    const env: NodeJS.ProcessEnv = {
      JWT_SECRET_FILE: secret('s'.repeat(40)),
      ADMIN_EMAIL: 'root@example.com',
      ADMIN_PASSWORD_FILE: secret('correct horse battery\n'),
      OPS_TOKEN_FILE: secret('ops-token-read-from-its-file\n'),
      DATABASE_URL_FILE: secret('postgres://bo:pw@db:5432/bo\n'),
    };
    const config = loadConfig(env);
    expect(config.jwtSecret).toBe('s'.repeat(40));
    expect(config.jwtSecretGenerated).toBe(false);
    expect(config.adminPassword).toBe('correct horse battery');
    expect(config.databaseUrl).toBe('postgres://bo:pw@db:5432/bo');
    // Set in the environment itself: the release token's other readers see it too.
    expect(env.OPS_TOKEN).toBe('ops-token-read-from-its-file');
  });

  it('puts REDIS_PASSWORD (from its file) into REDIS_URL, unless the URL has a password', () => {
    const password = secret('p@ss/word:1\n');
    expect(loadConfig({ REDIS_URL: 'redis://redis:6379', REDIS_PASSWORD_FILE: password }).redisUrl).toBe(
      'redis://:p%40ss%2Fword%3A1@redis:6379',
    );
    expect(loadConfig({ REDIS_URL: 'redis://:own@redis:6379', REDIS_PASSWORD_FILE: password }).redisUrl).toBe(
      'redis://:own@redis:6379',
    );
  });

  it('refuses a setting given both ways, a missing file and an empty one, naming the setting', () => {
    expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(40), JWT_SECRET_FILE: secret('y'.repeat(40)) })).toThrow(
      'set JWT_SECRET or JWT_SECRET_FILE, not both',
    );
    expect(() => loadConfig({ OPS_TOKEN_FILE: '/nonexistent/ops-token' })).toThrow(
      'OPS_TOKEN_FILE: cannot read /nonexistent/ops-token (ENOENT)',
    );
    expect(() => loadConfig({ REDIS_URL_FILE: secret('\n') })).toThrow(/REDIS_URL_FILE: .* is empty/);
  });
});
