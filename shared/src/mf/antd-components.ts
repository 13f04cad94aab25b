/**
 * The antd components that remotes render (their own screens and `@backoffice/shared/ui`), each shared on
 * its own as `antd/es/<component>` and provided by the shell. Only these: every shared module adds a
 * fallback to each remote's entry and a provider to the shell. A shell test keeps this list equal to the
 * remotes' imports, so a component a remote starts to use is added here (and so provided by the shell).
 */
export const antdComponents = [
  'alert',
  'button',
  'card',
  'checkbox',
  'date-picker',
  'descriptions',
  'empty',
  'form',
  'input',
  'input-number',
  'modal',
  'popover',
  'result',
  'select',
  'skeleton',
  'spin',
  'statistic',
  'table',
  'tag',
] as const;

/**
 * The components every list page renders (`@backoffice/shared/ui`'s ListPage, SearchForm, StatusTag,
 * AlertDialog, and the lists' search fields and dialogs). The shell serves them, with the antd internals
 * they need, as two files (shell/build/antd-chunks.ts): a list page then downloads a few files, each
 * compressed whole, rather than dozens of small ones.
 */
export const antdListComponents = [
  'alert',
  'button',
  'checkbox',
  'empty',
  'form',
  'input',
  'modal',
  'popover',
  'select',
  'spin',
  'table',
  'tag',
] as const satisfies readonly (typeof antdComponents)[number][];
