import { type ThemeConfig, theme } from 'antd';
import type { Appearance } from './preferences.ts';

// The console's one antd theme: the shell's pages and every area render inside it (remotes use the
// shell's antd, so its context reaches them). Colours meet WCAG AA contrast (4.5:1 for text): antd's
// default primary (#1677ff) is 4.1:1 under white text and its secondary text (45% black) 3.4:1.
// Light mode only: the dark algorithm's own shades are light enough on its dark surfaces.
/**
 * A palette's 7th shade under both of antd's names: with CSS variables, `green7` and the legacy `green-7`
 * are the same `--ant-green-7`, and the legacy one is written last.
 */
function shade7(colors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(colors).flatMap(([name, color]) => [
      [`${name}7`, color],
      [`${name}-7`, color],
    ]),
  );
}

const light: ThemeConfig['token'] = {
  colorPrimary: '#0958d9',
  colorLink: '#0958d9',
  // Form errors and danger buttons: antd's #ff4d4f is 3.3:1 on white.
  colorError: '#cf1322',
  colorTextSecondary: 'rgba(0, 0, 0, 0.68)',
  colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
  colorTextDescription: 'rgba(0, 0, 0, 0.62)',
  // A select's placeholder is text on screen ('Select status'): 25% black is 1.9:1.
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
  // Preset tags draw their text in the 7th shade on the 1st: these are 2-4.4:1 there, the next shade 5:1+.
  ...shade7({
    green: '#237804',
    gold: '#874d00',
    orange: '#ad4e00',
    volcano: '#ad2102',
    cyan: '#006d75',
    lime: '#3f6600',
    yellow: '#614700',
  }),
};

const dark: ThemeConfig['token'] = {
  colorPrimary: '#1668dc',
  colorLink: '#4096ff',
  // A dark tag's text (7th shade) on its dark fill: purple is 3.4:1.
  ...shade7({ purple: '#ab7ae0' }),
  colorTextSecondary: 'rgba(255, 255, 255, 0.72)',
  colorTextTertiary: 'rgba(255, 255, 255, 0.65)',
  colorTextDescription: 'rgba(255, 255, 255, 0.65)',
  colorTextPlaceholder: 'rgba(255, 255, 255, 0.5)',
};

/**
 * Danger buttons in dark mode: their red is text on the dark surface ('Block', 3.7:1 in antd's dark red)
 * and the fill under a danger primary button's text; no red is 4.5:1 for both, so the fill's text is dark.
 */
const darkComponents: ThemeConfig['components'] = {
  Button: {
    colorError: '#f37370',
    colorErrorHover: '#ff9c99',
    colorErrorActive: '#e05a57',
    dangerColor: 'rgba(0, 0, 0, 0.88)',
  },
};

export function themeFor({ mode, density }: Appearance): ThemeConfig {
  const algorithm = [mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm];
  if (density === 'compact') algorithm.push(theme.compactAlgorithm);
  return {
    algorithm,
    token: mode === 'dark' ? dark : light,
    components: mode === 'dark' ? darkComponents : {},
  };
}
