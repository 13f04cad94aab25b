import type { RecordedRequest } from '@backoffice/shared/host/testing';
import { auditorAdmin, testHostContext } from '@backoffice/shared/host/testing';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { closeSupportTicket, updateSupportTicket } from '../src/data/support.ts';
import {
  chooseOption,
  currentQuery,
  currentUrl,
  findDialog,
  paged,
  queryDialog,
  renderApp,
  searchField,
  selectedOption,
  serverError,
} from './helpers.tsx';

afterEach(cleanup);

const long = `${'A'.repeat(95)}BCDEFGHIJ-the rest of a long message that nobody sees in the table`;
const eightyOne = 'x'.repeat(81);
const eighty = 'y'.repeat(80);

function ticket(id: number, message: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    type: 'payment',
    message,
    status: 'open',
    remarks: null,
    createdAt: '2026-01-05T15:07:00.000Z',
    User: { id: 100 + id, name: `Player ${id}`, username: `player${id}` },
    ...extra,
  };
}

const tickets = [
  ticket(1, long),
  ticket(2, eightyOne),
  ticket(3, eighty, { status: 'closed', remarks: 'Refunded' }),
];

function listRoute(rows = tickets) {
  return (request: RecordedRequest) =>
    paged(rows, Number(request.params.page ?? 1), Number(request.params.per_page ?? 10));
}

function row(name: RegExp | string) {
  return screen.getByRole('row', { name });
}

describe('Support Tickets (spec 2.8)', () => {
  it('shows a read-only admin (auditor) the tickets and View More, without Update or Close (issue 13)', async () => {
    renderApp('/support', { 'GET /admin/support': listRoute() }, { admin: auditorAdmin });
    expect(await screen.findByText('Refunded')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'View More of ticket #1' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^(Update|Close) ticket/ })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });

  it('shows the heading, Refresh and the message cut at 100 characters with View More past 80', async () => {
    renderApp('/support', { 'GET /admin/support': listRoute() });
    expect(await screen.findByRole('heading', { name: 'Support Tickets' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
    expect(await screen.findByText(`${long.slice(0, 100)}...`)).toBeTruthy();
    expect(screen.queryByText(long)).toBeNull();
    expect(screen.getByText(eightyOne)).toBeTruthy();
    expect(screen.getByText(eighty)).toBeTruthy();
    // 81 characters: whole text plus View More; exactly 80: no View More.
    expect(screen.getByRole('button', { name: 'View More of ticket #1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'View More of ticket #2' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'View More of ticket #3' })).toBeNull();
    expect(screen.getAllByText('View More')).toHaveLength(2);
    // user name and username, status badge and remarks
    expect(screen.getByText('Player 1')).toBeTruthy();
    expect(screen.getByText('@player1')).toBeTruthy();
    expect(screen.getByText('Refunded')).toBeTruthy();
    expect(screen.getByText('closed').className).toContain('ant-tag-green');
    expect(screen.getAllByText('open')[0]!.className).toContain('ant-tag-gold');
  });

  it("opens the 'View More' dialog with the full message", async () => {
    renderApp('/support', { 'GET /admin/support': listRoute() });
    fireEvent.click(await screen.findByRole('button', { name: 'View More of ticket #1' }));
    const dialog = await findDialog('Support Message #1');
    expect(within(dialog).getByText(long)).toBeTruthy();
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(queryDialog()).toBeNull());
  });

  it("updates status and remarks in the 'Update Support Ticket' dialog, toasts and reloads", async () => {
    const host = renderApp('/support', {
      'GET /admin/support': listRoute(),
      'PUT /admin/support/2': (r) => ({
        success: true,
        message: 'OK',
        data: { ...ticket(2, eightyOne), ...(r.body as object) },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Update ticket #2' }));
    const dialog = await findDialog('Update Support Ticket');
    expect(selectedOption('Status', dialog)).toBe('Open');
    await chooseOption('Status', 'Closed', dialog);
    fireEvent.change(within(dialog).getByLabelText('Remarks'), {
      target: { value: '  Paid out manually  ' },
    });
    const lists = host.requests.filter((r) => r.path === '/admin/support').length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() =>
      expect(host.toasts).toContainEqual({ type: 'success', message: 'Support updated successfully' }),
    );
    const put = host.requests.find((r) => r.method === 'PUT');
    expect(put?.body).toEqual({ status: 'closed', remarks: 'Paid out manually' });
    await waitFor(() => expect(queryDialog()).toBeNull());
    await waitFor(() =>
      expect(host.requests.filter((r) => r.path === '/admin/support').length).toBe(lists + 1),
    );
  });

  it("shows the server's message, else 'Failed to update support', and keeps the dialog open", async () => {
    let message: string | undefined = 'Remarks must not exceed 1000 characters';
    const host = renderApp('/support', {
      'GET /admin/support': listRoute(),
      'PUT /admin/support/1': () => serverError(message, 400),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Update ticket #1' }));
    const dialog = await findDialog('Update Support Ticket');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() =>
      expect(host.toasts).toContainEqual({
        type: 'error',
        message: 'Remarks must not exceed 1000 characters',
      }),
    );
    message = undefined;
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: /Update/ }).className).not.toContain(
        'ant-btn-loading',
      ),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: /Update/ }));
    await waitFor(() =>
      expect(host.toasts).toContainEqual({ type: 'error', message: 'Failed to update support' }),
    );
    expect(await findDialog('Update Support Ticket')).toBeTruthy();
  });

  it('closes a ticket after confirmation (DELETE), toasts and reloads; closed tickets cannot be closed again', async () => {
    const host = renderApp('/support', {
      'GET /admin/support': listRoute(),
      'DELETE /admin/support/1': () => ({ success: true, message: 'Support ticket closed' }),
    });
    await screen.findByText('Player 1');
    expect((screen.getByRole('button', { name: 'Close ticket #3' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Close ticket #1' }));
    // An alert dialog: the question is its description, the safe choice (Cancel) has the focus.
    const dialog = await findDialog('Close Support Ticket', 'alertdialog');
    const question = document.getElementById(dialog.getAttribute('aria-describedby')!);
    expect(question?.textContent).toContain('Close ticket #1 from Player 1?');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Cancel'));
    expect(host.requests.some((r) => r.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close Ticket' }));
    await waitFor(() =>
      expect(host.toasts).toContainEqual({ type: 'success', message: 'Support ticket closed successfully' }),
    );
    expect(host.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      '/admin/support/1',
    ]);
  });

  it("falls back to 'Failed to close support ticket'; Cancel sends nothing", async () => {
    const host = renderApp('/support', {
      'GET /admin/support': listRoute(),
      'DELETE /admin/support/2': () => serverError(),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Close ticket #1' }));
    fireEvent.click(
      within(await findDialog('Close Support Ticket', 'alertdialog')).getByRole('button', { name: 'Cancel' }),
    );
    await waitFor(() => expect(queryDialog()).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Close ticket #2' }));
    fireEvent.click(
      within(await findDialog('Close Support Ticket', 'alertdialog')).getByRole('button', {
        name: 'Close Ticket',
      }),
    );
    await waitFor(() =>
      expect(host.toasts).toContainEqual({ type: 'error', message: 'Failed to close support ticket' }),
    );
    expect(host.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      '/admin/support/2',
    ]);
  });

  it("refuses update and close without an id: 'Support ID is missing', no call", async () => {
    const host = testHostContext();
    await expect(
      updateSupportTicket(host.http, undefined, { status: 'open', remarks: null }),
    ).rejects.toThrow('Support ID is missing');
    await expect(closeSupportTicket(host.http, '')).rejects.toThrow('Support ID is missing');
    await expect(closeSupportTicket(host.http, 0)).rejects.toThrow('Support ID is missing');
    expect(host.requests).toHaveLength(0);
  });

  it('reads the search panel from the URL, sends it, and writes a new search, sort and page to the URL', async () => {
    const host = renderApp(
      '/support?status=closed&username=bob&date_start=2026-01-05&date_end=2026-01-05&per_page=25',
      {
        'GET /admin/support': (r) => paged(tickets, Number(r.params.page), 25, 60),
      },
    );
    await screen.findByText('Player 1');
    expect(host.requests[0]?.params).toEqual({
      page: 1,
      per_page: 25,
      sort_by: 'createdAt',
      sort_type: 'desc',
      status: 'closed',
      username: 'bob',
      // The viewer's day, as instants.
      date_start: new Date(2026, 0, 5, 0, 0, 0, 0).toISOString(),
      date_end: new Date(2026, 0, 5, 23, 59, 59, 999).toISOString(),
    });
    expect((searchField('Username') as HTMLInputElement).value).toBe('bob');
    expect(selectedOption('Status')).toBe('Closed');
    expect((searchField('Created date') as HTMLInputElement).value).toBe('2026-01-05');
    expect(document.querySelector('.ant-pagination-options')?.textContent).toContain('25 / page');

    fireEvent.change(searchField('Ticket ID'), { target: { value: '4x2' } });
    await waitFor(() => expect((searchField('Ticket ID') as HTMLInputElement).value).toBe('42'));
    fireEvent.change(searchField('Username'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(currentQuery()).toEqual({
        path: '/support',
        query: {
          status: 'closed',
          date_start: '2026-01-05',
          date_end: '2026-01-05',
          per_page: '25',
          id: '42',
        },
      }),
    );
    await waitFor(() => expect(host.requests.at(-1)?.params).toMatchObject({ id: '42', status: 'closed' }));
    expect(host.requests.at(-1)?.params).not.toHaveProperty('username');

    fireEvent.click(screen.getByRole('columnheader', { name: /^ID/ }));
    await waitFor(() =>
      expect(host.requests.at(-1)?.params).toMatchObject({ sort_by: 'id', sort_type: 'asc' }),
    );
    fireEvent.click(screen.getByRole('columnheader', { name: /^ID/ }));
    await waitFor(() =>
      expect(host.requests.at(-1)?.params).toMatchObject({ sort_by: 'id', sort_type: 'desc' }),
    );

    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(host.requests.at(-1)?.params).toMatchObject({ page: 3 }));
    expect(currentUrl()).toContain('page=3');

    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(currentUrl()).toBe('/support'));
  });

  it('shows the empty text when nothing matches', async () => {
    renderApp('/support', { 'GET /admin/support': listRoute([]) });
    expect(await screen.findByText('No support messages found matching your search criteria')).toBeTruthy();
  });

  it("shows 'Error Loading Support' with the fallback, toasts it, and retries", async () => {
    let fail = true;
    const host = renderApp('/support', {
      'GET /admin/support': (r) => (fail ? serverError() : listRoute()(r)),
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error Loading Support')).toBeTruthy();
    expect(within(alert).getByText('Failed to fetch support tickets')).toBeTruthy();
    await waitFor(() =>
      expect(host.toasts).toEqual([{ type: 'error', message: 'Failed to fetch support tickets' }]),
    );
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Player 1')).toBeTruthy();
    expect(row(/Player 2/)).toBeTruthy();
  });
});
