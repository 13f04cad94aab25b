import { auditorAdmin } from '@backoffice/shared/host/testing';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { details, lottery, ok, paged, renderLottery, rowOf } from './helpers.tsx';

afterEach(cleanup);

// docs/architecture.md#console-behaviour: an auditor reads the lottery area but changes nothing, so its write
// actions are hidden.
describe('a read-only admin (auditor)', () => {
  it('sees upcoming lotteries and Export CSV, without Create New Lottery, Update or Delete', async () => {
    renderLottery(
      '/lottery/upcoming',
      { 'GET /admin/lottery': () => paged([lottery(4, { name: 'Later Pool', status: 'upcoming' })]) },
      { admin: auditorAdmin },
    );
    expect(await screen.findByText('Later Pool')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Export CSV/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Create New Lottery/ })).toBeNull();
    expect(within(rowOf('Later Pool')).queryAllByRole('button')).toEqual([]);
    expect(screen.queryByRole('columnheader', { name: 'Action' })).toBeNull();
  });

  it('gets View but no Announce Result or Complete without winners on closed lotteries', async () => {
    renderLottery(
      '/lottery/closed',
      {
        'GET /admin/lottery': () =>
          paged([
            lottery(8, { name: 'Waiting', status: 'closed' }),
            lottery(9, { name: 'Empty', status: 'closed', current_participants: 0 }),
          ]),
      },
      { admin: auditorAdmin },
    );
    expect(await screen.findByText('Waiting')).toBeTruthy();
    expect(within(rowOf('Waiting')).getByRole('link', { name: 'View' }).getAttribute('href')).toBe(
      '/lottery/details/8',
    );
    expect(screen.queryByRole('link', { name: 'Announce Result' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Complete without winners' })).toBeNull();
  });

  it('sees a closed lottery on Announce Results without Generate or Publish', async () => {
    renderLottery(
      '/lottery/publish/7',
      {
        'GET /admin/lottery/details/7': () => ok(details(7, { name: 'Weekly Jackpot' })),
        'GET /admin/lottery/tickets': () => paged([]),
      },
      { admin: auditorAdmin },
    );
    expect(await screen.findByText('The results of this lottery are not published yet.')).toBeTruthy();
    expect(screen.getAllByText('Weekly Jackpot').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Generate' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
  });

  it('opening Create Lottery is told it has no access, with no form', async () => {
    const host = renderLottery('/lottery/create-lottery', {}, { admin: auditorAdmin });
    expect(await screen.findByRole('heading', { name: 'You do not have access to this page' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('form', { name: 'Create Lottery' })).toBeNull();
    expect(host.requests).toEqual([]);
  });
});
