import type { AuditRecord } from '@backoffice/shared/contract';
import { HostProvider } from '@backoffice/shared/host';
import { auditorAdmin, testHostContext } from '@backoffice/shared/host/testing';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuth } from '../src/auth/store.ts';
import AuditLogPage from '../src/features/audit/AuditLogPage.tsx';
import { changesOf } from '../src/features/audit/changes.ts';

const record = (id: number, extra: Partial<AuditRecord>): AuditRecord => ({
  id,
  at: '2026-01-05T09:37:00.000Z',
  adminId: 2,
  adminEmail: 'finance@example.com',
  action: 'lottery.update',
  targetType: null,
  targetId: null,
  before: null,
  after: null,
  ip: '127.0.0.1',
  requestId: null,
  details: null,
  targetName: null,
  ...extra,
});

const records = [
  record(1, { targetType: 'lottery', targetId: '12', targetName: 'Moon Draw' }),
  record(2, { action: 'user.block', targetType: 'user', targetId: '7', targetName: 'Alice' }),
  record(3, { action: 'admin.unlock', targetType: 'admin', targetId: '4', targetName: 'ops@example.com' }),
  record(4, {
    action: 'withdrawal.update',
    targetType: 'withdrawal',
    targetId: '42',
    before: { status: 'pending' },
    after: { status: 'approved', comment: null, processedBy: 2 },
  }),
];

function renderPage(roles: string[]) {
  const admin = roles.includes('auditor') ? auditorAdmin : undefined;
  useAuth.getState().signIn('session', { id: 1, email: 'root@example.com', roles });
  const host = testHostContext(
    {
      'GET /admin/audit': () => ({
        success: true,
        message: 'OK',
        data: { data: records, total: records.length, totalPages: 1, page: 1, perPage: 20 },
      }),
    },
    { admin },
  );
  render(
    <MemoryRouter initialEntries={['/audit']}>
      <HostProvider host={host}>
        <AuditLogPage />
      </HostProvider>
    </MemoryRouter>,
  );
  return host;
}

const rowOf = (id: number) =>
  screen.getByRole('button', { name: `View audit record ${id}` }).closest('tr') as HTMLElement;

describe('the Audit Log: readable (issue 22)', () => {
  afterEach(() => {
    cleanup();
    useAuth.getState().clear();
  });

  it('shows targets by name with a link to their page, and the actor linked for a superadmin', async () => {
    renderPage(['superadmin']);
    await screen.findByRole('button', { name: 'View audit record 1' });
    const lottery = within(rowOf(1)).getByRole('link', { name: 'Moon Draw' });
    expect(lottery.getAttribute('href')).toBe('/lottery/details/12');
    expect(within(rowOf(1)).getByText('lottery #12')).toBeTruthy();
    expect(within(rowOf(2)).getByRole('link', { name: 'Alice' }).getAttribute('href')).toBe('/users/7');
    expect(within(rowOf(3)).getByRole('link', { name: 'ops@example.com' }).getAttribute('href')).toBe(
      '/admins?search=ops%40example.com',
    );
    expect(within(rowOf(4)).getByText('withdrawal #42')).toBeTruthy();
    expect(within(rowOf(4)).queryByRole('link', { name: 'withdrawal #42' })).toBeNull();
    expect(within(rowOf(1)).getByRole('link', { name: 'finance@example.com' }).getAttribute('href')).toBe(
      '/admins?search=finance%40example.com',
    );
  });

  it('an auditor (no Admins screen) sees admins by e-mail without a link there', async () => {
    renderPage(['auditor']);
    await screen.findByRole('button', { name: 'View audit record 1' });
    expect(within(rowOf(3)).getByText('ops@example.com')).toBeTruthy();
    expect(within(rowOf(3)).queryByRole('link', { name: 'ops@example.com' })).toBeNull();
    expect(within(rowOf(1)).queryByRole('link', { name: 'finance@example.com' })).toBeNull();
  });

  it("a record's details show before and after field by field, the changed ones first", async () => {
    renderPage(['superadmin']);
    fireEvent.click(await screen.findByRole('button', { name: 'View audit record 4' }));
    const changes = await screen.findByRole('table', { name: 'Changes' });
    const lines = within(changes)
      .getAllByRole('row')
      .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(lines).toEqual([
      ['Field', 'Before', 'After'],
      ['status', 'pending', 'approved'],
      ['processedBy', '-', '2'],
      ['comment', '-', '-'],
    ]);
    expect(within(changes).getByText('pending').tagName).toBe('DEL');
    expect(within(changes).getByText('approved').tagName).toBe('INS');
  });

  it('compares only objects: a plain value on both sides is no table', () => {
    expect(changesOf(null, null)).toBeNull();
    expect(changesOf('a', 'b')).toBeNull();
    expect(changesOf(null, { roles: ['finance'] })).toEqual([
      { field: 'roles', before: '-', after: '["finance"]', changed: true },
    ]);
  });
});
