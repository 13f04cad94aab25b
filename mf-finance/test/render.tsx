import type { TestHost } from '@backoffice/shared/host/testing';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import FinanceApp from '../src/app.tsx';

/** Where the app's router is: `location.current` is the path with its search string. */
export interface LocationProbe {
  current: string;
}

function Probe({ into }: { into: LocationProbe }) {
  const location = useLocation();
  into.current = `${location.pathname}${location.search}`;
  return null;
}

export function renderFinance(host: TestHost, url: string): { location: LocationProbe } {
  const location: LocationProbe = { current: url };
  render(
    <MemoryRouter initialEntries={[url]}>
      <Probe into={location} />
      <Routes>
        <Route path="/" element={<p>console dashboard</p>} />
        <Route path="/users/:id" element={<p>user page</p>} />
        <Route path="*" element={<FinanceApp host={host} />} />
      </Routes>
    </MemoryRouter>,
  );
  return { location };
}

/** The query string of the last request to `path`. */
export function lastParams(host: TestHost, path: string) {
  return host.requests.filter((r) => r.path === path).at(-1)?.params;
}
