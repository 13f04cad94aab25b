import type { Lottery, LotteryDetails, LotteryTicket, WinnerEntry } from '@backoffice/shared/contract';
import { type TestHost, type TestRoute, testHostContext } from '@backoffice/shared/host/testing';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { MemoryRouter, useLocation } from 'react-router-dom';
import LotteryApp from '../src/app.tsx';

export const ok = <T,>(data: T, message = 'OK') => ({ success: true, message, data });

export function paged<T>(rows: T[], page = 1, perPage = 10, total = rows.length) {
  return ok({ data: rows, total, totalPages: Math.ceil(total / perPage), page, perPage });
}

const HOUR = 3_600_000;

export function lottery(id: number, extra: Partial<Lottery> = {}): Lottery {
  const end = Date.parse('2026-03-01T12:00:00.000Z');
  return {
    id,
    name: `Lottery ${id}`,
    status: 'open',
    ticket_price: '10',
    total_pool: '1000',
    current_participants: 100,
    max_participants: 500,
    start_time: new Date(end - 48 * HOUR).toISOString(),
    end_time: new Date(end).toISOString(),
    result_time: new Date(end + 2 * HOUR).toISOString(),
    winners: 3,
    winner_distributions: [
      { rank: 1, percentage: 50 },
      { rank: 2, percentage: 20 },
      { rank: 3, percentage: 10 },
    ],
    admin_share: 20,
    adminProfit: '200',
    distributionAmount: '800',
    prize_distributed: false,
    result: null,
    createdAt: '2026-02-01T10:00:00.000Z',
    ...extra,
  };
}

export function details(id: number, extra: Partial<LotteryDetails> = {}): LotteryDetails {
  const base = lottery(id, { status: 'closed', ...extra });
  return { ...base, distributions: [], adminShare: base.admin_share, ...extra };
}

export function ticket(id: number, extra: Partial<LotteryTicket> = {}): LotteryTicket {
  return {
    id,
    ticket_number: `TK${String(id).padStart(5, '0')}`,
    price: '10',
    prize_rank: null,
    winning_amount: '0',
    is_winner: false,
    status: 'active',
    createdAt: '2026-02-20T08:30:00.000Z',
    Lottery: { id: 7, name: 'Lottery 7', status: 'closed' },
    user: {
      id: 1000 + id,
      username: `player${id}`,
      name: `Player ${id}`,
      user_detail: { balance: '50', winnings: '5' },
    },
    ...extra,
  };
}

export function winner(
  rank: number,
  percentage: number,
  ticketNumber: string,
  username: string,
): WinnerEntry {
  return {
    rank,
    percentage,
    ticket_number: ticketNumber,
    user: { username, name: `${username} name`, balance: '150.25', winnings: '0' },
  };
}

/** The current path, rendered so tests can assert navigations done through react-router. */
function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export function currentPath(): string {
  return screen.getByTestId('location').textContent ?? '';
}

export function renderLottery(
  path: string,
  routes: Record<string, TestRoute>,
  options?: Parameters<typeof testHostContext>[1],
): TestHost {
  const host = testHostContext(routes, options);
  // No motion: happy-dom fires no animation ends, so closed dialogs would stay in the page.
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <MemoryRouter initialEntries={[path]}>
        <LotteryApp host={host} />
        <Location />
      </MemoryRouter>
    </ConfigProvider>,
  );
  return host;
}

/** A promise with its resolve, to hold a call open while a test looks at the pending state. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** The row of a table cell's text (antd rows have no accessible name). */
export function rowOf(text: string): HTMLElement {
  return screen.getByText(text).closest('tr') as HTMLElement;
}

/** Picks `option` in the antd Select labelled `label` inside `scope` (its options render in a popup). */
export async function chooseOption(scope: HTMLElement, label: string, option: string): Promise<void> {
  fireEvent.mouseDown(within(scope).getByLabelText(label));
  const item = await waitFor(() => {
    const found = [
      ...document.querySelectorAll<HTMLElement>('.ant-select-dropdown .ant-select-item-option'),
    ].filter((el) => el.getAttribute('title') === option);
    if (found.length === 0) throw new Error(`No option ${option}`);
    return found.at(-1) as HTMLElement;
  });
  fireEvent.click(item);
}

/** The text an antd Select shows for its value. */
export function selectedText(scope: HTMLElement, label: string): string {
  return within(scope).getByLabelText(label).closest('.ant-select')?.textContent ?? '';
}

/** Types a date-time into an antd DatePicker ('YYYY-MM-DD HH:mm', the viewer's zone) and commits it. */
export function typeDateTime(input: HTMLElement, value: string): void {
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter' });
  fireEvent.blur(input);
}
