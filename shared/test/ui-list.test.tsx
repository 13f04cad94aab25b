import { act, cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as endpoints from '../src/contract/endpoints.ts';
import type { Transaction } from '../src/contract/transactions.ts';
import { ApiError, type DownloadProgress, HostProvider } from '../src/host/index.ts';
import { type RecordedRequest, testHostContext } from '../src/host/test-host.ts';
import {
  ExportButton,
  exportProgress,
  type ListColumn,
  ListPage,
  listPrefsStore,
  listQuery,
  pagedQuery,
  useListPage,
} from '../src/ui/index.ts';

// antd's table is heavy to render in happy-dom on a busy machine.
configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });
afterEach(cleanup);
beforeEach(() => {
  localStorage.clear();
  listPrefsStore('test').setState({ lists: {} });
});

type Row = Pick<Transaction, 'id' | 'status'>;
const rows: Row[] = Array.from({ length: 23 }, (_, i) => ({
  id: i + 1,
  status: i % 2 ? 'completed' : 'failed',
}));

function answer(request: RecordedRequest, all: Row[] = rows) {
  const page = Number(request.params.page);
  const perPage = Number(request.params.per_page);
  return {
    success: true,
    data: {
      data: all.slice((page - 1) * perPage, page * perPage),
      total: all.length,
      totalPages: Math.ceil(all.length / perPage),
    },
  };
}

const columns: ListColumn<Row>[] = [
  { key: 'id', title: 'ID', sortKey: 'id', render: (r) => r.id },
  { key: 'status', title: 'Status', render: (r) => r.status },
  {
    key: 'actions',
    title: 'Actions',
    hideable: false,
    fixed: 'end',
    render: () => <button type="button">Go</button>,
  },
];

let url = '';
function Url() {
  const location = useLocation();
  url = location.pathname + location.search;
  return null;
}

/** What the test list shows besides the list: an Export button, row selection. */
interface Options {
  exportable?: boolean;
  selectable?: boolean;
}

function Screen({ exportable = false, selectable = false }: Options) {
  const list = useListPage({
    area: 'test',
    list: 'tx',
    endpoint: endpoints.transactionsList,
    filters: { username: '' },
    sort: { by: 'createdAt', type: 'desc' },
    failure: 'Failed to fetch transactions',
    input: ({ filters, page, perPage, sort }) => ({
      query: {
        page,
        per_page: perPage,
        sort_by: sort?.by as 'id',
        sort_type: sort?.type,
        ...(filters.username ? { username: filters.username } : {}),
      },
    }),
    rows: (a) => a.data.data as Row[],
    total: (a) => a.data.total,
  });
  return (
    <ListPage
      list={list}
      title="Transactions"
      tableTitle="Transactions"
      caption="Transactions"
      columns={columns}
      rowKey={(r) => r.id}
      empty="No transactions found matching your search criteria"
      errorTitle="Error Loading Transactions"
      toolbar={
        exportable && (
          <ExportButton endpoint={endpoints.transactionsExport} input={{ query: {} }} filename="tx.csv" />
        )
      }
      selection={selectable ? { selected: [], onChange: () => {} } : undefined}
    />
  );
}

function show(path: string, routes: Parameters<typeof testHostContext>[0], options: Options = {}) {
  const host = testHostContext(routes);
  render(
    <HostProvider host={host}>
      <MemoryRouter initialEntries={[path]}>
        <Screen {...options} />
        <Url />
      </MemoryRouter>
    </HostProvider>,
  );
  return host;
}

const dataRows = () =>
  within(screen.getByRole('table', { name: 'Transactions' }))
    .getAllByRole('row')
    .slice(1);

describe('useListPage + ListPage', () => {
  it('loads the page the URL names, with the default sort', async () => {
    const host = show('/tx?page=2', { 'GET /admin/transactions': (r) => answer(r) });
    await waitFor(() => expect(dataRows()).toHaveLength(10));
    expect(host.requests[0]!.params).toEqual({
      page: 2,
      per_page: 10,
      sort_by: 'createdAt',
      sort_type: 'desc',
    });
    expect(screen.getByText('Showing 11 to 20 of 23 results')).toBeTruthy();
  });

  it('keeps no focusable control inside the aria-hidden copy of the header antd measures with', async () => {
    show('/tx', { 'GET /admin/transactions': (r) => answer(r) }, { selectable: true });
    await waitFor(() => expect(dataRows()).toHaveLength(10));
    const hidden = [...document.querySelectorAll('[aria-hidden="true"] input')] as HTMLInputElement[];
    expect(hidden.length).toBeGreaterThan(0);
    for (const input of hidden) {
      expect(input.tabIndex).toBe(-1);
      expect(input.closest('.bo-select-all')?.hasAttribute('inert')).toBe(true);
    }
    // The header's own select-all stays a working checkbox.
    expect(screen.getAllByRole('checkbox', { name: 'Select all' })[0]!.tabIndex).not.toBe(-1);
  });

  it('moves a page past the end to the last page', async () => {
    show('/tx?page=9', { 'GET /admin/transactions': (r) => answer(r) });
    await waitFor(() => expect(url).toBe('/tx?page=3'));
    await waitFor(() => expect(dataRows()).toHaveLength(3));
  });

  it('shows a failed load as an error panel with Retry, never as an empty list', async () => {
    let fail = true;
    show('/tx', {
      'GET /admin/transactions': (r) => {
        if (fail)
          throw new ApiError('Database is tired', {
            status: 500,
            kind: 'bad-response',
            fromServer: true,
            requestId: 'c7d2e0f4-1b3a-4e5f-8a9b-0c1d2e3f4a5b',
          });
        return answer(r);
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error Loading Transactions');
    expect(alert.textContent).toContain('Database is tired');
    expect(alert.textContent).toContain('Reference c7d2e0f4-1b3a-4e5f-8a9b-0c1d2e3f4a5b');
    expect(screen.queryByText('No transactions found matching your search criteria')).toBeNull();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(dataRows()).toHaveLength(10));
  });

  it('shows no total and a disabled Export while the first load runs, then the total', async () => {
    let answerNow: () => void = () => {};
    show(
      '/tx',
      {
        'GET /admin/transactions': (r) =>
          new Promise((resolve) => {
            answerNow = () => resolve(answer(r));
          }),
      },
      { exportable: true },
    );
    const exportButton = screen.getByRole('button', { name: /Export CSV/ }) as HTMLButtonElement;
    expect(exportButton.disabled).toBe(true);
    expect(screen.queryByText(/Total:/)).toBeNull();
    await waitFor(() => expect(answerNow).not.toBe(undefined));
    act(() => answerNow());
    await waitFor(() => expect(dataRows()).toHaveLength(10));
    expect(screen.getByText(/Total:/).textContent).toBe('Total: 23');
    expect(exportButton.disabled).toBe(false);
  });

  it("counts an export's rows against the list's total from the click on, until the server's count", async () => {
    const host = show('/tx', { 'GET /admin/transactions': answer }, { exportable: true });
    await waitFor(() => expect(dataRows()).toHaveLength(10));
    let report: (progress: DownloadProgress) => void = () => {};
    host.http.download = (_endpoint, _input, options) =>
      new Promise(() => {
        report = (progress) => act(() => options?.onProgress?.(progress));
      });
    await userEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
    const status = screen.getByRole('status');
    // No 'Preparing export...' while the server counts: the list said 23.
    expect(status.textContent).toBe('Exporting 0 of 23 rows (0%)');
    report({ bytes: 800, rows: 10, total: null });
    expect(status.textContent).toBe('Exporting 10 of 23 rows (43%)');
    // The server's count, when it sends one, wins (rows added meanwhile).
    report({ bytes: 900, rows: 12, total: 24 });
    expect(status.textContent).toBe('Exporting 12 of 24 rows (50%)');
  });

  it('shows no total and a disabled Export after a failed load', async () => {
    show(
      '/tx',
      {
        'GET /admin/transactions': () => {
          throw new ApiError('Database is tired', { status: 500, kind: 'bad-response', fromServer: true });
        },
      },
      { exportable: true },
    );
    await screen.findByRole('alert');
    expect(screen.queryByText(/Total:/)).toBeNull();
    expect((screen.getByRole('button', { name: /Export CSV/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("keeps a column fixed at the end in view while the table scrolls sideways (a row's actions)", async () => {
    show('/tx', { 'GET /admin/transactions': (r) => answer(r) });
    await waitFor(() => expect(dataRows()).toHaveLength(10));
    const header = screen.getByRole('columnheader', { name: 'Actions' });
    expect(header.className).toContain('ant-table-cell-fix-end');
    expect(screen.getByRole('columnheader', { name: 'Status' }).className).not.toContain(
      'ant-table-cell-fix',
    );
  });

  it('shows the empty text when nothing matches', async () => {
    show('/tx?username=nobody', { 'GET /admin/transactions': (r) => answer(r, []) });
    expect(await screen.findByText('No transactions found matching your search criteria')).toBeTruthy();
  });

  it('sorts on the server and remembers the sort for the next visit', async () => {
    const host = show('/tx', { 'GET /admin/transactions': (r) => answer(r) });
    await waitFor(() => expect(dataRows()).toHaveLength(10));
    await userEvent.click(screen.getByRole('columnheader', { name: /^ID/ }));
    await waitFor(() => expect(url).toBe('/tx?sort_by=id&sort_type=asc'));
    expect(host.requests.at(-1)!.params).toMatchObject({ sort_by: 'id', sort_type: 'asc', page: 1 });
    expect(JSON.parse(localStorage.getItem('bo:list-prefs:test')!).state.lists.tx.sort).toEqual({
      by: 'id',
      type: 'asc',
    });

    cleanup();
    const next = show('/tx', { 'GET /admin/transactions': (r) => answer(r) });
    await waitFor(() => expect(next.requests).toHaveLength(1));
    expect(next.requests[0]!.params).toMatchObject({ sort_by: 'id', sort_type: 'asc' });
  });

  it('hides a column from the chooser and remembers it', async () => {
    show('/tx', { 'GET /admin/transactions': (r) => answer(r) });
    await waitFor(() => expect(dataRows()).toHaveLength(10));
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Status' }));
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: 'Status' })).toBeNull());
    expect(listPrefsStore('test').getState().lists.tx?.hiddenColumns).toEqual(['status']);
  });
});

describe('ExportButton', () => {
  it('downloads the list with its filters and saves the file under its name', async () => {
    const host = testHostContext({ 'GET /admin/transactions': () => 'id,status\n1,completed\n' });
    const saved: string[] = [];
    const clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    render(
      <HostProvider host={host}>
        <ExportButton
          endpoint={endpoints.transactionsList}
          input={{ query: { status: 'completed' } }}
          filename="transactions.csv"
        />
      </HostProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(host.toasts).toEqual([{ type: 'success', message: 'Export downloaded' }]));
    expect(host.requests[0]).toMatchObject({
      method: 'GET',
      path: '/admin/transactions',
      params: { status: 'completed' },
    });
    expect(saved).toEqual(['transactionsList.csv']);
    clicks.mockRestore();
  });

  it('shows the rows received out of X-Total-Count while it runs, else the bytes', async () => {
    const host = testHostContext();
    let report: (progress: DownloadProgress) => void = () => {};
    let finish: () => void = () => {};
    host.http.download = (_endpoint, _input, options) =>
      new Promise((resolve) => {
        report = (progress) => act(() => options?.onProgress?.(progress));
        finish = () => resolve({ blob: new Blob(['id\n']), filename: 'tx.csv', rows: 100_000 });
      });
    const clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    render(
      <HostProvider host={host}>
        <ExportButton endpoint={endpoints.transactionsList} input={{ query: {} }} filename="tx.csv" />
      </HostProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
    const status = screen.getByRole('status');
    // Before the server answered (it counts first): a status that says so, never a bare 'Exporting...'.
    expect(status.textContent).toBe('Preparing export...');
    report({ bytes: 0, rows: 0, total: 100_000 });
    expect(status.textContent).toBe('Exporting 0 of 100,000 rows (0%)');
    report({ bytes: 2048, rows: 0, total: null });
    expect(status.textContent).toBe('2.0 KB received');
    report({ bytes: 1_500_000, rows: 12_345, total: 100_000 });
    expect(status.textContent).toBe('Exporting 12,345 of 100,000 rows (12%)');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    finish();
    await waitFor(() => expect(host.toasts).toEqual([{ type: 'success', message: 'Exported 100,000 rows' }]));
    expect(screen.queryByRole('status')).toBeNull();
    clicks.mockRestore();
  });

  it('without any total, shows the rows received once rows arrive', () => {
    expect(exportProgress({ bytes: 0, rows: 0, total: null })).toBe('Preparing export...');
    expect(exportProgress({ bytes: 40, rows: 0, total: null })).toBe('40 B received');
    expect(exportProgress({ bytes: 4_000_000, rows: 12_345, total: null })).toBe('Exporting 12,345 rows');
  });

  it('never shows more than 100%, and an empty export as done', () => {
    expect(exportProgress({ bytes: 10, rows: 5, total: 4 })).toBe('Exporting 5 of 4 rows (100%)');
    expect(exportProgress({ bytes: 10, rows: 0, total: 0 })).toBe('Exporting 0 of 0 rows (100%)');
    expect(exportProgress({ bytes: 10, rows: 1, total: 3 })).toBe('Exporting 1 of 3 rows (33%)');
  });

  it('tells what failed and keeps the button', async () => {
    const host = testHostContext({
      'GET /admin/transactions': () => {
        throw new ApiError('Invalid status', { status: 400, kind: 'bad-request', fromServer: true });
      },
    });
    render(
      <HostProvider host={host}>
        <ExportButton
          endpoint={endpoints.transactionsList}
          input={{ query: {} }}
          filename="transactions.csv"
        />
      </HostProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(host.toasts).toEqual([{ type: 'error', message: 'Invalid status' }]));
    expect(screen.getByRole('button', { name: /Export CSV/ })).toBeTruthy();
  });
});

describe('pagedQuery', () => {
  const state = { filters: { q: 'alice', status: '' }, page: 2, perPage: 20 };
  it('sends a sort the contract knows, and the filters that are set', () => {
    expect(pagedQuery({ ...state, sort: { by: 'amount', type: 'asc' } }, ['createdAt', 'amount'])).toEqual({
      page: 2,
      per_page: 20,
      sort_by: 'amount',
      sort_type: 'asc',
      q: 'alice',
    });
  });
  it("leaves an edited URL's unknown sort to the server's default order", () => {
    const query = pagedQuery({ ...state, sort: { by: 'password', type: 'asc' } }, ['createdAt', 'amount']);
    expect(query.sort_by).toBeUndefined();
    expect(query.sort_type).toBeUndefined();
  });
});

/** Two lists of one page, each paging on its own (their URL keys carry their prefix). */
function TwoLists() {
  const one = useListPage({
    area: 'test',
    list: 'one',
    prefix: 'one',
    endpoint: endpoints.transactionsList,
    filters: {},
    failure: 'Failed to fetch one',
    rows: (a) => a.data.data as Row[],
    total: (a) => a.data.total,
  });
  const two = useListPage({
    area: 'test',
    list: 'two',
    prefix: 'two',
    endpoint: endpoints.transactionsList,
    filters: { status: '' },
    fixed: { username: 'bob' },
    failure: 'Failed to fetch two',
    rows: (a) => a.data.data as Row[],
    total: (a) => a.data.total,
  });
  return (
    <>
      <p>one on page {one.page}</p>
      <p>two on page {two.page}</p>
      <button type="button" onClick={() => two.setPage(3)}>
        two next
      </button>
    </>
  );
}

describe('the list controller', () => {
  it('toasts a failed load once, with the server message', async () => {
    const host = show('/tx', {
      'GET /admin/transactions': () => {
        throw new ApiError('Database is tired', { status: 500, kind: 'bad-response', fromServer: true });
      },
    });
    await screen.findByRole('alert');
    await waitFor(() => expect(host.toasts).toEqual([{ type: 'error', message: 'Database is tired' }]));
  });

  it('keeps two lists of one page apart: each reads and writes its own URL keys', async () => {
    const host = testHostContext({ 'GET /admin/transactions': (r) => answer(r) });
    render(
      <HostProvider host={host}>
        <MemoryRouter initialEntries={['/two?one.page=2&two.status=failed']}>
          <TwoLists />
          <Url />
        </MemoryRouter>
      </HostProvider>,
    );
    expect(await screen.findByText('one on page 2')).toBeTruthy();
    expect(screen.getByText('two on page 1')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'two next' }));
    expect(await screen.findByText('two on page 3')).toBeTruthy();
    expect(screen.getByText('one on page 2')).toBeTruthy();
    expect(new URLSearchParams(url.split('?')[1]).get('two.page')).toBe('3');
    // The default input: page and size, the filters that are set and the fixed values.
    await waitFor(() =>
      expect(host.requests.map((r) => r.params)).toContainEqual({
        page: 3,
        per_page: 10,
        status: 'failed',
        username: 'bob',
      }),
    );
  });
});

describe('listQuery (the default input)', () => {
  const state = {
    filters: { q: 'alice', status: '', from: '2026-01-02', to: '' },
    page: 2,
    perPage: 20,
    sort: { by: 'amount', type: 'asc' as const },
  };
  it('sends the known sort, the filters set, the day range as instants and the fixed values', () => {
    const query = listQuery(state, {
      sortFields: ['amount'],
      dayRange: { from: 'from', to: 'to' },
      fixed: { order: 'true' },
    });
    expect(query).toMatchObject({ page: 2, per_page: 20, sort_by: 'amount', sort_type: 'asc', q: 'alice' });
    expect(query.order).toBe('true');
    expect(typeof query.from).toBe('string');
    expect(query.from).not.toBe('2026-01-02');
    expect(query).not.toHaveProperty('to');
    expect(query).not.toHaveProperty('status');
  });
  it("takes 'limit' for the page size when told, and leaves an unknown sort out", () => {
    const query = listQuery(
      { ...state, sort: { by: 'password', type: 'asc' } },
      {
        sortFields: ['amount'],
        pageSizeParam: 'limit',
      },
    );
    expect(query.limit).toBe(20);
    expect(query).not.toHaveProperty('per_page');
    expect(query).not.toHaveProperty('sort_by');
    expect(query).not.toHaveProperty('sort_type');
  });
});
