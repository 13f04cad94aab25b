// Releases as an operator makes them (docs/operations.md#releases): builds of an area with a version of their
// own, the release CLI run as a process against the test API, and what the API says is live.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { ApiClient } from './api.ts';
import { apiBase, repoRoot } from './config.ts';
import { runState } from './state.ts';

export interface Run {
  code: number | null;
  output: string;
  ms: number;
}

/** Runs a command from the repository root; resolves with its exit code, output and duration. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return runIn(repoRoot, command, args, env);
}

function runIn(cwd: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: 'pipe' });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => resolve({ code, output, ms: Date.now() - started }));
  });
}

/** The token the release CLI runs with: an operator's own (operatorToken), else the bootstrap one. */
let cliToken: string | null = null;

/**
 * Makes an operator's own token for the ops admin (a superadmin's call, as on the Releases screen) and
 * runs the release CLI with it from then on: the history names the ops admin (docs/operations.md#operator-tokens).
 */
export async function useOperatorToken(name: string): Promise<{ owner: string; name: string }> {
  const state = runState();
  const owner = state.twoFactor.ops.email;
  const answer = await new ApiClient().send<{ token: string }>('POST', '/admin/ops-tokens', {
    token: state.twoFactor.main.session.token,
    body: { name, owner, days: 1 },
  });
  if (answer.status !== 200 || !answer.body.data)
    throw new Error(`no operator token: ${answer.body.message}`);
  cliToken = answer.body.data.token;
  return { owner, name };
}

/** `node scripts/<command>.mjs ...` against this run's API and releases folder. */
export function releaseCli(command: 'deploy' | 'rollback' | 'releases', args: string[]): Promise<Run> {
  const state = runState();
  return run(process.execPath, [`scripts/${command}.mjs`, ...args], {
    BACKOFFICE_API: apiBase,
    OPS_TOKEN: cliToken ?? state.opsToken,
    RELEASES_DIR: state.releasesDir,
  });
}

/** The same, failing the test with its output when the command fails. */
export async function mustRun(command: 'deploy' | 'rollback' | 'releases', args: string[]): Promise<Run> {
  const result = await releaseCli(command, args);
  if (result.code !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.output}`);
  return result;
}

/**
 * A build of an area from a copy of its sources with `patches` applied (the way a bug ships), under its own
 * version, into `dist`. The copy uses the area's installed dependencies.
 */
export async function buildPatched(
  dir: string,
  version: string,
  dist: string,
  patches: { file: string; find: string; replace: string }[],
): Promise<void> {
  const source = join(dirname(dist), `${dir}-src-${version}`);
  cpSync(join(repoRoot, dir), source, {
    recursive: true,
    // Its tsconfig extends the workspace's: the build needs none.
    filter: (path) => !/[/\\](node_modules|dist|tsconfig\.json)$/.test(path),
  });
  symlinkSync(join(repoRoot, dir, 'node_modules'), join(source, 'node_modules'));
  for (const patch of patches) {
    const file = join(source, patch.file);
    const text = readFileSync(file, 'utf8');
    if (!text.includes(patch.find)) throw new Error(`${patch.file} has no "${patch.find}"`);
    writeFileSync(file, text.replace(patch.find, patch.replace));
  }
  const result = await runIn(
    source,
    join(source, 'node_modules/.bin/rsbuild'),
    ['build', '--dist-path', dist],
    {
      MF_BUILD_VERSION: version,
      GIT_COMMIT: `patched-${version}`,
    },
  );
  if (result.code !== 0) throw new Error(`build of ${dir} ${version} failed:\n${result.output}`);
}

/** Another version of a remote's build, the same files otherwise (its release.json and manifest say so). */
export function cloneBuild(from: string, to: string, version: string): void {
  cpSync(from, to, { recursive: true });
  editBuild(to, 'mf-manifest.json', (text) => {
    const manifest = JSON.parse(text);
    manifest.metaData.buildInfo.buildVersion = version;
    return JSON.stringify(manifest);
  });
  const infoFile = join(to, 'release.json');
  writeFileSync(
    infoFile,
    JSON.stringify({ ...JSON.parse(readFileSync(infoFile, 'utf8')), version }, null, 2),
  );
}

/** The script of a build that holds `text` (a screen's chunk, found by what it shows). */
export function chunkWith(dist: string, text: string): string {
  const scripts = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? scripts(join(dir, e.name)) : e.name.endsWith('.js') ? [join(dir, e.name)] : [],
    );
  const found = scripts(dist).filter((file) => readFileSync(file, 'utf8').includes(text));
  if (found.length !== 1) throw new Error(`${found.length} scripts of ${dist} hold "${text}"`);
  return relative(dist, found[0]!).split(sep).join('/');
}

const sri = (bytes: Buffer) => `sha256-${createHash('sha256').update(bytes).digest('base64')}`;

/**
 * Changes a file of a build after the fact, and everything that vouches for its bytes, as a build would
 * have written them: the subresource integrity naming it in the other files (the remote entry's chunk
 * hashes, the manifest's `metaData.integrity`), then the sizes and SHA-256 of release.json. So only what
 * the edit means (a requirement, a contract, a throw) is wrong, not the build's integrity.
 */
export function editBuild(dist: string, file: string, edit: (text: string) => string): void {
  const path = join(dist, file);
  const before = sri(readFileSync(path));
  writeFileSync(path, edit(readFileSync(path, 'utf8')));
  vouchFor(dist, before, sri(readFileSync(path)));
  const infoFile = join(dist, 'release.json');
  const info = JSON.parse(readFileSync(infoFile, 'utf8')) as {
    files: { path: string; size: number; sha256: string }[];
  };
  for (const entry of info.files) {
    const bytes = readFileSync(join(dist, entry.path));
    entry.size = bytes.length;
    entry.sha256 = createHash('sha256').update(bytes).digest('hex');
  }
  writeFileSync(infoFile, JSON.stringify(info, null, 2));
}

/** Replaces an old integrity by the new one in the build's scripts, then the manifest's list again. */
function vouchFor(dist: string, before: string, after: string): void {
  if (before === after) return;
  const scripts = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? scripts(join(dir, e.name)) : e.name.endsWith('.js') ? [join(dir, e.name)] : [],
    );
  for (const script of scripts(dist)) {
    const text = readFileSync(script, 'utf8');
    if (!text.includes(before)) continue;
    const old = sri(readFileSync(script));
    writeFileSync(script, text.replaceAll(before, after));
    vouchFor(dist, old, sri(readFileSync(script)));
  }
  const manifestFile = join(dist, 'mf-manifest.json');
  if (!existsSync(manifestFile)) return;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const integrity = manifest.metaData?.integrity as Record<string, string> | undefined;
  if (!integrity) return;
  for (const name of Object.keys(integrity)) integrity[name] = sri(readFileSync(join(dist, name)));
  writeFileSync(manifestFile, JSON.stringify(manifest));
}

/** The files the exposed './app' of a remote build loads first (its mf-manifest.json). */
export function exposedChunks(dist: string): string[] {
  const manifest = JSON.parse(readFileSync(join(dist, 'mf-manifest.json'), 'utf8'));
  return manifest.exposes[0].assets.js.sync as string[];
}

export interface LiveRegistry {
  revision: string;
  shell: { version: string } | null;
  remotes: { name: string; area: string; version: string; previous: { version: string } | null }[];
}

/** What the API says is live. */
export async function liveRegistry(): Promise<LiveRegistry> {
  const answer = await fetch(`${apiBase}/console/registry`);
  return ((await answer.json()) as { data: LiveRegistry }).data;
}

export const liveVersionOf = async (area: string) =>
  (await liveRegistry()).remotes.find((remote) => remote.area === area)?.version;

export interface ReleaseAreaInfo {
  area: string;
  live: { version: string; by: string; action: string } | null;
  previous: string | null;
  versions: { version: string; live: boolean; tampered: string[] }[];
  history: {
    action: string;
    from: string | null;
    to: string | null;
    actor: string;
    reason: string | null;
    forced: boolean;
    detail: string | null;
  }[];
  failures: { version: string; message: string; route: string | null }[];
}

/** The Releases screen's data for one part (the ops token, as the CLI reads it). */
export async function releasesOf(area: string): Promise<ReleaseAreaInfo> {
  const answer = await fetch(`${apiBase}/admin/releases`, {
    headers: { 'x-ops-token': runState().opsToken },
  });
  const body = (await answer.json()) as { data: { areas: ReleaseAreaInfo[] } };
  const found = body.data.areas.find((candidate) => candidate.area === area);
  if (!found) throw new Error(`no release area ${area}`);
  return found;
}
