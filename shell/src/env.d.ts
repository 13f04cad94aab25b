/// <reference types="@rsbuild/core/types" />

/** Versions of the shell's shared packages, written in at build time (rsbuild.config.ts). */
declare const __SHARED_VERSIONS__: Record<string, string>;

interface Window {
  /** Set by /config.js before the app starts (README.md). */
  __BACKOFFICE_CONFIG__?: import('./config.ts').RawConfig;
}
