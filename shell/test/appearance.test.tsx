import { act, fireEvent, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { useAuth } from '../src/auth/store.ts';
import { AppearanceSwitches } from '../src/layout/AppearanceSwitches.tsx';
import { appearanceKey, useAppearance } from '../src/theme/preferences.ts';
import { ThemeProvider } from '../src/theme/ThemeProvider.tsx';
import { themeFor } from '../src/theme/themes.ts';

const admin = (id: number) => ({
  id,
  email: `a${id}@example.com`,
  name: `Admin ${id}`,
  roles: ['superadmin'],
});

function renderSwitches() {
  return render(
    <ThemeProvider>
      <AppearanceSwitches collapsed={false} />
    </ThemeProvider>,
  );
}

describe('dark mode and compact density (issue 22)', () => {
  it('switches antd to its dark and compact algorithms and marks <html> for the console CSS', () => {
    act(() => useAuth.getState().signIn('token', admin(1)));
    renderSwitches();
    const dark = screen.getByRole('switch', { name: 'Dark mode' });
    const compact = screen.getByRole('switch', { name: 'Compact' });
    expect(dark.getAttribute('aria-checked')).toBe('false');
    expect(document.documentElement.dataset.theme).toBe('light');

    fireEvent.click(dark);
    fireEvent.click(compact);
    expect(dark.getAttribute('aria-checked')).toBe('true');
    expect(compact.getAttribute('aria-checked')).toBe('true');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.documentElement.dataset.density).toBe('compact');
    expect(themeFor(useAppearance.getState()).algorithm).toEqual([
      theme.darkAlgorithm,
      theme.compactAlgorithm,
    ]);
    act(() => useAuth.getState().clear());
  });

  it('remembers each admin their own look, and another admin signing in brings theirs', () => {
    act(() => useAuth.getState().signIn('token', admin(1)));
    renderSwitches();
    fireEvent.click(screen.getByRole('switch', { name: 'Dark mode' }));
    expect(JSON.parse(localStorage.getItem(appearanceKey(1)) ?? '{}')).toEqual({
      mode: 'dark',
      density: 'comfortable',
    });

    act(() => useAuth.getState().signIn('token', admin(2)));
    expect(screen.getByRole('switch', { name: 'Dark mode' }).getAttribute('aria-checked')).toBe('false');
    expect(document.documentElement.dataset.theme).toBe('light');

    act(() => useAuth.getState().signIn('token', admin(1)));
    expect(screen.getByRole('switch', { name: 'Dark mode' }).getAttribute('aria-checked')).toBe('true');
    act(() => useAuth.getState().clear());
  });

  it('gives antd colours with AA contrast: a darker primary and readable secondary text', () => {
    const light = themeFor({ mode: 'light', density: 'comfortable' });
    expect(light.token?.colorPrimary).toBe('#0958d9');
    expect(light.token?.colorTextDescription).toBe('rgba(0, 0, 0, 0.62)');
    expect(light.algorithm).toEqual([theme.defaultAlgorithm]);
  });
});
