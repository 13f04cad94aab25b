import { fileURLToPath } from 'node:url';
import { mergeRsbuildConfig, type RsbuildPlugin } from '@rsbuild/core';
import { pluginPreloadGroups } from '../../shell/build/preload-groups.ts';
import shellConfig from '../../shell/rsbuild.config.ts';

const preloadGroups = pluginPreloadGroups();
/**
 * The monolith floor (bench/README.md#first-load): the console's own shell and area screens as one Rsbuild
 * app without Module Federation. The shell's build, with its federation runtime replaced by ./runtime.ts,
 * which imports the areas' './app' modules directly: what the console costs without federation, the remote
 * split and the release machinery. Built from the shell's folder: `rsbuild build -c <this file>`.
 */
export default mergeRsbuildConfig(
  {
    ...shellConfig,
    // The server's preload links as the console's; the area route's chunks hold the areas and their antd.
    plugins: [
      ...(shellConfig.plugins ?? []).filter(
        (plugin) => (plugin as RsbuildPlugin).name !== preloadGroups.name,
      ),
      pluginPreloadGroups({ signedIn: ['layout'], area: ['remote-route'] }),
    ],
  },
  {
    output: { distPath: { root: fileURLToPath(new URL('./dist', import.meta.url)) }, cleanDistPath: true },
    tools: {
      rspack: (config, { rspack }) => {
        config.plugins ??= [];
        config.plugins.push(
          new rspack.NormalModuleReplacementPlugin(
            /[\\/]federation[\\/]runtime\.ts$/,
            fileURLToPath(new URL('./runtime.ts', import.meta.url)),
          ),
        );
      },
    },
  },
);
