import type { RsbuildPlugin } from '@rsbuild/core';
import { INTEGRITY_PLACEHOLDER } from './integrity.ts';

/**
 * The sign-in page is a lazy chunk (signed-in pages never download it), which would cost a visitor
 * without a session one more round trip: the chunk is requested only once the first chunks have run.
 * This plugin writes a tiny inline script into index.html that preloads the sign-in chunks right away,
 * but only when no session is stored (localStorage 'auth_token', shared/src/rules/constants.ts), each
 * with the integrity the chunk is loaded with (filled after the build: integrity.ts).
 */
export function pluginPreloadSignIn(chunkName = 'signin'): RsbuildPlugin {
  return {
    name: 'backoffice:preload-sign-in',
    setup(api) {
      api.modifyHTMLTags(({ headTags, bodyTags }, { compilation, assetPrefix }) => {
        const group = compilation.namedChunkGroups.get(chunkName);
        if (!group) throw new Error(`no chunk named '${chunkName}' (webpackChunkName of the sign-in import)`);
        const files = group.chunks
          .flatMap((chunk) => [...chunk.files])
          .filter((file) => file.endsWith('.js') || file.endsWith('.css'))
          .map((file) => `${assetPrefix.replace(/\/$/, '')}/${file}`);
        const script = `if(!localStorage.getItem('auth_token')){var i=${INTEGRITY_PLACEHOLDER};${JSON.stringify(files)}.forEach(function(f){var l=document.createElement('link');l.rel='preload';l.as=/\\.css$/.test(f)?'style':'script';l.href=f;l.crossOrigin='anonymous';l.integrity=i[f];document.head.appendChild(l)})}`;
        // First in <head>: an inline script after a stylesheet waits for it, and one after a classic
        // script waits for that script; here it runs as soon as the parser reaches it.
        headTags.unshift({ tag: 'script', children: script });
        return { headTags, bodyTags };
      });
    },
  };
}
