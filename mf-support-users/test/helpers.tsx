import { ApiError } from '@backoffice/shared/host';
import { type TestHost, type TestRoute, testHostContext } from '@backoffice/shared/host/testing';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import SupportUsersApp from '../src/app.tsx';

/** Shows the current location so tests can read what the screen wrote to the URL. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export function renderApp(url: string, routes: Record<string, TestRoute> = {}): TestHost {
  const host = testHostContext(routes);
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/" element={<p>console dashboard</p>} />
        <Route path="*" element={<SupportUsersApp host={host} />} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
  return host;
}

export function currentUrl(): string {
  return screen.getByTestId('location').textContent ?? '';
}

export function paged<T>(rows: T[], page = 1, perPage = 10, total = rows.length) {
  return {
    success: true,
    message: 'OK',
    data: { data: rows, total, totalPages: Math.ceil(total / perPage), page, perPage },
  };
}

/** A failure carrying the server's message (e.g. a 409), or none (network error). */
export function serverError(message?: string, status = 409): never {
  if (message) throw new ApiError(message, { status, kind: 'bad-request', fromServer: true });
  throw new ApiError('Network Error', { kind: 'network' });
}

/** The current path and its query as a plain object (order-independent). */
export function currentQuery(): { path: string; query: Record<string, string> } {
  const url = new URL(currentUrl(), 'http://x');
  return { path: url.pathname, query: Object.fromEntries(url.searchParams) };
}
