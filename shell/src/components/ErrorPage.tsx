import { Component, type ErrorInfo, type ReactNode } from 'react';
import './message-page.css';
import './ErrorPage.css';

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'An unexpected error occurred';
}

/**
 * docs/screens.md#access: the fallback page for unhandled failures. `inline` sits inside the layout (a remote
 * screen that crashed: the sidebar stays usable); `onHome` goes to the dashboard without a reload.
 */
export function ErrorPage({
  error,
  inline = false,
  onHome = () => window.location.assign('/'),
}: {
  error: unknown;
  inline?: boolean;
  onHome?: () => void;
}) {
  return (
    <div
      className={`shell-message-page shell-error-page ${inline ? 'shell-message-page--card' : 'shell-error-page--full'}`}
      role="alert"
    >
      <h1>Unexpected Application Error!</h1>
      <p className="shell-error-page__message">{describe(error)}</p>
      <div className="shell-error-page__actions">
        <button type="button" className="shell-btn shell-btn--primary" onClick={onHome}>
          Back to Dashboard
        </button>
        <button type="button" className="shell-btn" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    </div>
  );
}

/** Catches what nothing closer caught (remote areas have their own boundary). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Unhandled application error', error, info.componentStack);
  }

  override render() {
    return this.state.error ? <ErrorPage error={this.state.error} /> : this.props.children;
  }
}
