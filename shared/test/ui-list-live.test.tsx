import { act, cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as endpoints from '../src/contract/endpoints.ts';
import type { Transaction } from '../src/contract/transactions.ts';
import { ApiError, HostProvider } from '../src/host/index.ts';
import { type RecordedRequest, testHostContext } from '../src/host/test-host.ts';
import { type ListColumn, ListPage, listPrefsStore, useListPage } from '../src/ui/index.ts';

/** The list controller's `liveTopic`: a queue others work reloads on the host's live event, quietly. */

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });
afterEach(cleanup);
beforeEach(() => {
  localStorage.clear();
  listPrefsStore('test').setState({ lists: {} });
});

type Row = Pick<Transaction, 'id' | 'status'>;
let rows: Row[] = [];
const makeRows = (n: number): Row[] =>
  Array.from({ length: n }, (_, i) => ({ id: i + 1, status: 'completed' }));

function answer(request: RecordedRequest) {
  const page = Number(request.params.page);
  const perPage = Number(request.params.per_page);
  return {
    success: true,
    data: {
      data: rows.slice((page - 1) * perPage, page * perPage),
      total: rows.length,
      totalPages: Math.ceil(rows.length / perPage),
    },
  };
}

const columns: ListColumn<Row>[] = [{ key: 'id', title: 'ID', render: (r) => `#${r.id}` }];

let url = '';
function Url() {
  url = useLocation().pathname + useLocation().search;
  return null;
}

function Screen() {
  const list = useListPage({
    area: 'test',
    list: 'live',
    endpoint: endpoints.transactionsList,
    filters: { username: '' },
    failure: 'Failed to fetch transactions',
    liveTopic: 'withdrawals',
    input: ({ filters, page, perPage }) => ({
      query: { page, per_page: perPage, ...(filters.username ? { username: filters.username } : {}) },
    }),
    rows: (a) => a.data.data as Row[],
    total: (a) => a.data.total,
  });
  return (
    <ListPage
      list={list}
      title="Queue"
      tableTitle="Queue"
      caption="Queue"
      columns={columns}
      rowKey={(r) => r.id}
      empty="Nothing waiting"
      errorTitle="Error Loading Queue"
    />
  );
}

function show(path: string, route: (r: RecordedRequest) => unknown) {
  const host = testHostContext({ 'GET /admin/transactions': route });
  render(
    <HostProvider host={host}>
      <MemoryRouter initialEntries={[path]}>
        <Screen />
        <Url />
      </MemoryRouter>
    </HostProvider>,
  );
  return host;
}

const shownIds = () =>
  within(screen.getByRole('table', { name: 'Queue' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);

describe('useListPage liveTopic', () => {
  it('reloads the same page and filters on the event, without a spinner, and shows the new rows', async () => {
    rows = makeRows(25);
    let release: (() => void) | undefined;
    let calls = 0;
    const host = show('/queue?page=2&username=ab', async (r) => {
      calls += 1;
      if (release === undefined && calls > 1)
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      return answer(r);
    });
    await waitFor(() => expect(shownIds()[0]).toBe('#11'));
    // Another admin took #11 off the queue.
    rows = rows.filter((r) => r.id !== 11);
    act(() => host.live.emit('withdrawals'));
    await waitFor(() => expect(release).toBeDefined());
    // While the reload runs, the rows stay and no spinner covers them.
    expect(shownIds()[0]).toBe('#11');
    expect(document.querySelector('.ant-spin-spinning')).toBeNull();
    act(() => release?.());
    await waitFor(() => expect(shownIds()[0]).toBe('#12'));
    expect(host.requests).toHaveLength(2);
    expect(host.requests[1]!.params).toEqual(host.requests[0]!.params);
    expect(host.requests[1]!.params).toMatchObject({ page: 2, username: 'ab' });
    expect(url).toBe('/queue?page=2&username=ab');
  });

  it('ignores other topics, and keeps the rows when a background reload fails', async () => {
    rows = makeRows(5);
    let fail = false;
    const host = show('/queue', (r) => {
      if (fail) throw new ApiError('Network Error', { kind: 'network' });
      return answer(r);
    });
    await waitFor(() => expect(shownIds()).toHaveLength(5));
    act(() => host.live.emit('support'));
    expect(host.requests).toHaveLength(1);
    fail = true;
    act(() => host.live.emit('withdrawals'));
    await waitFor(() => expect(host.requests).toHaveLength(2));
    await new Promise((r) => setTimeout(r, 50));
    expect(shownIds()).toHaveLength(5);
    expect(screen.queryByText('Error Loading Queue')).toBeNull();
  });

  it('stops listening when the list is gone', async () => {
    rows = makeRows(1);
    const host = show('/queue', answer);
    await waitFor(() => expect(shownIds()).toHaveLength(1));
    cleanup();
    host.live.emit('withdrawals');
    expect(host.requests).toHaveLength(1);
  });
});
