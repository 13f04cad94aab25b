import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppErrorBoundary } from '../src/components/ErrorPage.tsx';
import { Loading } from '../src/components/Loading.tsx';

function Broken(): never {
  throw new Error('Cannot read the stats');
}

describe('the fallback error page (spec section 2.1)', () => {
  it("shows 'Unexpected Application Error!' and the error message for an unhandled failure", () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <AppErrorBoundary>
        <Broken />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByText('Cannot read the stats')).toBeTruthy();
  });

  it('renders its children when nothing fails', () => {
    render(
      <AppErrorBoundary>
        <p>all good</p>
      </AppErrorBoundary>,
    );
    expect(screen.getByText('all good')).toBeTruthy();
  });
});

describe('the loading indicator (spec section 2.3)', () => {
  it('has three sizes, inline or covering the whole screen', () => {
    const { container, rerender } = render(<Loading size="small" />);
    expect(container.querySelector('.shell-loading-inline .shell-spinner--small')).toBeTruthy();
    rerender(<Loading size="large" fullScreen />);
    expect(container.querySelector('.shell-loading-screen .shell-spinner--large')).toBeTruthy();
    rerender(<Loading />);
    expect(screen.getByRole('status', { name: 'Loading' }).className).toContain('shell-spinner--medium');
  });
});
