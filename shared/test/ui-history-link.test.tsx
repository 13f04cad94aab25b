import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { HostProvider } from '../src/host/index.ts';
import { testHostContext } from '../src/host/test-host.ts';
import { auditHistoryPath, HistoryLink } from '../src/ui/index.ts';

afterEach(cleanup);

function renderAs(roles: string[]) {
  const host = testHostContext({}, { admin: { id: 1, email: 'a@example.com', name: 'A', roles } });
  render(
    <MemoryRouter>
      <HostProvider host={host}>
        <HistoryLink type="withdrawal" id={42} />
      </HostProvider>
    </MemoryRouter>,
  );
}

describe('HistoryLink', () => {
  it("builds the Audit Log's URL filters of one object", () => {
    expect(auditHistoryPath('withdrawal', 42)).toBe('/audit?target_type=withdrawal&target_id=42');
    expect(auditHistoryPath('user', '7')).toBe('/audit?target_type=user&target_id=7');
  });

  it.each([['superadmin'], ['auditor']])('links a %s to the history', (role) => {
    renderAs([role]);
    const link = screen.getByRole('link', { name: 'History of withdrawal 42' });
    expect(link.textContent).toBe('History');
    expect(link.getAttribute('href')).toBe('/audit?target_type=withdrawal&target_id=42');
  });

  it('is not shown to an admin who cannot read the audit log', () => {
    renderAs(['finance', 'lottery']);
    expect(screen.queryByRole('link')).toBeNull();
  });
});
