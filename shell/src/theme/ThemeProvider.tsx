import { ConfigProvider } from 'antd';
import { type ReactNode, useMemo } from 'react';
// The list pages' antd styles, made at build time (build/antd-styles.ts): with the layout, so they are in
// before any signed-in page renders antd.
import 'antd-styles.css';
import { useAppearance } from './preferences.ts';
import { themeFor } from './themes.ts';

/** antd's theme from the admin's appearance (preferences.ts marks <html> for the console's own CSS). */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const mode = useAppearance((state) => state.mode);
  const density = useAppearance((state) => state.density);
  const config = useMemo(() => themeFor({ mode, density }), [mode, density]);
  return <ConfigProvider theme={config}>{children}</ConfigProvider>;
}
