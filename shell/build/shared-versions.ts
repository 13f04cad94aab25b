import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The installed version of a package of the shell's. */
export const versionOf = (pkg: string): string => require(`${pkg}/package.json`).version;

/** `__SHARED_VERSIONS__`: the versions the shell provides its shared modules at (src/federation/runtime.ts). */
export const sharedVersionsDefine = () =>
  JSON.stringify(
    Object.fromEntries(
      ['react', 'react-dom', 'react-router', 'react-router-dom', 'zustand', 'dayjs', 'antd'].map((pkg) => [
        pkg,
        versionOf(pkg),
      ]),
    ),
  );
