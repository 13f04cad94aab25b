import { formatDateTime } from '@backoffice/shared/format';
import { ApiError } from '@backoffice/shared/host';
import type { RecordedRequest } from '@backoffice/shared/host/testing';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentPath, deferred, details, ok, paged, renderLottery, ticket, winner } from './helpers.tsx';

afterEach(cleanup);
beforeEach(() => {
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: vi.fn(async () => {}) },
  });
});

const LOTTERY = details(7, { name: 'Mega Pool', total_pool: '1000', current_participants: 8 });
const DRAW = [
  winner(1, 50, 'AA11111', 'alice'),
  winner(2, 20, 'BB22222', 'bob'),
  winner(3, 10, 'CC33333', 'carol'),
];
const TICKETS = Array.from({ length: 12 }, (_, i) => ticket(i + 1));

function ticketsPage(request: RecordedRequest) {
  const page = Number(request.params.page);
  const limit = Number(request.params.limit);
  return paged(TICKETS.slice((page - 1) * limit, page * limit), page, limit, TICKETS.length);
}

function notFound(): never {
  throw new ApiError('Ticket not found or already used', {
    status: 404,
    kind: 'bad-request',
    fromServer: true,
  });
}

function openPublish(routes = {}) {
  return renderLottery('/lottery/publish/7', {
    'GET /admin/lottery/details/7': () => ok(LOTTERY),
    'GET /admin/lottery/tickets': ticketsPage,
    'POST /admin/lottery/7/draw': () => ok(DRAW),
    'GET /admin/lottery': () => paged([]),
    ...routes,
  });
}

const card = (place: string) => screen.getByRole('article', { name: place });

/** The confirmation's figures, label -> value. */
function figures(dialog: HTMLElement): Record<string, string> {
  const labels = [...dialog.querySelectorAll('.ant-descriptions-item-label')];
  return Object.fromEntries(
    labels.map((label) => [label.textContent, label.nextElementSibling?.textContent ?? '']),
  );
}

/** Clicks Publish, then the confirmation's Publish Results. */
async function publishConfirmed() {
  fireEvent.click(await screen.findByRole('button', { name: 'Publish' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Publish Results' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Publish Results' }));
}
/** The publish call (Generate is a POST too: the draw). */
const isPublish = (r: RecordedRequest) => r.method === 'POST' && r.path === '/admin/lottery/publish';
const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;

/** Clicks Generate once the lottery is loaded (the button is disabled until then). */
async function generate() {
  await waitFor(() => expect(button('Generate').disabled).toBe(false));
  fireEvent.click(button('Generate'));
}

describe('Announce Results (/lottery/publish/:id)', () => {
  it('shows the cards, the price distribution (derived) and the admin overview', async () => {
    openPublish();
    const cards = await screen.findByRole('region', { name: 'Summary' });
    expect(within(cards).getByText('Mega Pool')).toBeTruthy();
    expect(within(cards).getByText(/^Result Time: /)).toBeTruthy();
    expect(within(cards).getByText('8')).toBeTruthy();
    expect(within(cards).getByText('$1,000.00')).toBeTruthy();
    expect(within(cards).getByText('Average per ticket: $125.00')).toBeTruthy();
    const distribution = screen.getByRole('heading', { name: 'Price Distribution' }).closest('.ant-card');
    expect(within(distribution as HTMLElement).getByText('$500.00')).toBeTruthy();
    expect(within(distribution as HTMLElement).getByText('$200.00')).toBeTruthy();
    expect(within(distribution as HTMLElement).getByText('$100.00')).toBeTruthy();
    const admin = screen.getByRole('heading', { name: 'Admin Overview' }).closest('.ant-card') as HTMLElement;
    expect(within(admin).getByText('20%')).toBeTruthy();
    expect(within(admin).getByText('Expected Admin Profit')).toBeTruthy();
    expect(within(admin).getByText('$800.00')).toBeTruthy();
  });

  it('generates winners (3 placeholders meanwhile), then Regenerate; Publish only with winners', async () => {
    const draw = deferred<unknown>();
    const { container } = { container: document.body };
    openPublish({ 'POST /admin/lottery/7/draw': () => draw.promise });
    await screen.findByText('Mega Pool', { selector: '.lottery-card__name' });
    expect(button('Publish').disabled).toBe(true);
    fireEvent.click(button('Generate'));
    await waitFor(() => expect(container.querySelectorAll('.lottery-winner--placeholder')).toHaveLength(3));
    draw.resolve(ok(DRAW));
    await screen.findByRole('article', { name: '1st Place' });
    expect(container.querySelectorAll('.lottery-winner--placeholder')).toHaveLength(0);
    const first = card('1st Place');
    expect(within(first).getByText('50% of pool')).toBeTruthy();
    expect(within(first).getByText('AA11111')).toBeTruthy();
    expect(within(first).getByText('alice')).toBeTruthy();
    expect(within(first).getByText('alice name')).toBeTruthy();
    expect(within(first).getByText('$500.00')).toBeTruthy();
    expect(within(card('3rd Place')).getByText('$100.00')).toBeTruthy();
    // antd drops the button's loading icon (and its 'loading' name) a render later.
    expect(await screen.findByRole('button', { name: 'Regenerate' })).toBeTruthy();
    await waitFor(() => expect(button('Publish').disabled).toBe(false));
  });

  it('copies a ticket number with a toast', async () => {
    const host = openPublish();
    await generate();
    await screen.findByRole('article', { name: '1st Place' });
    fireEvent.click(within(card('1st Place')).getByRole('button', { name: 'Copy ticket number AA11111' }));
    await waitFor(() =>
      expect(host.toasts).toContainEqual({ type: 'success', message: 'Ticket number copied to clipboard!' }),
    );
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith('AA11111');
  });

  it('replaces a winner by ticket number: upper case, format message, not found, duplicates, success', async () => {
    const lookups: string[] = [];
    const host = openPublish({
      'GET /admin/lottery/ticket/ZZ99999': () => {
        lookups.push('ZZ99999');
        return notFound();
      },
      'GET /admin/lottery/ticket/DD44444': (request: RecordedRequest) => {
        lookups.push(`DD44444?lottery_id=${request.params.lottery_id}`);
        return ok(
          ticket(40, {
            ticket_number: 'DD44444',
            Lottery: { id: 7, name: 'Mega Pool', status: 'closed' },
            user: {
              id: 9,
              username: 'dave',
              name: 'Dave D',
              user_detail: { balance: '75.5', winnings: '12' },
            },
          }),
        );
      },
    });
    await generate();
    await screen.findByRole('article', { name: '2nd Place' });
    const second = card('2nd Place');
    fireEvent.click(within(second).getByRole('button', { name: 'Edit 2nd Place ticket number' }));
    const input = within(second).getByLabelText('New ticket number') as HTMLInputElement;

    fireEvent.change(input, { target: { value: 'ab123' } });
    expect(input.value).toBe('AB123');
    fireEvent.click(within(second).getByRole('button', { name: 'Replace' }));
    const invalid = 'Invalid ticket number format. Must be 2 alphabets followed by 5 numbers (e.g., AB12345)';
    expect(await within(second).findByText(invalid)).toBeTruthy();
    expect(host.toasts).toContainEqual({ type: 'error', message: invalid });

    fireEvent.change(input, { target: { value: 'aa11111' } });
    fireEvent.click(within(second).getByRole('button', { name: 'Replace' }));
    expect(await within(second).findByText('Ticket not found or already used')).toBeTruthy();

    fireEvent.change(input, { target: { value: 'zz99999' } });
    fireEvent.click(within(second).getByRole('button', { name: 'Replace' }));
    await waitFor(() => expect(lookups).toEqual(['ZZ99999']));
    expect(await within(second).findByText('Ticket not found or already used')).toBeTruthy();

    fireEvent.change(input, { target: { value: 'dd44444' } });
    fireEvent.click(within(second).getByRole('button', { name: 'Replace' }));
    await waitFor(() => expect(within(card('2nd Place')).getByText('DD44444')).toBeTruthy());
    expect(lookups).toEqual(['ZZ99999', 'DD44444?lottery_id=7']);
    const replaced = card('2nd Place');
    expect(within(replaced).getByText('dave')).toBeTruthy();
    expect(within(replaced).getByText('Dave D')).toBeTruthy();
    expect(within(replaced).getByText('$75.50')).toBeTruthy();
    expect(within(replaced).getByText('$12.00')).toBeTruthy();
  });

  it("a failed lookup that is not a 404 reads 'Error searching for ticket'", async () => {
    const host = openPublish({
      'GET /admin/lottery/ticket/EE55555': () => {
        throw new ApiError('Network error', { kind: 'network' });
      },
    });
    await generate();
    await screen.findByRole('article', { name: '1st Place' });
    const first = card('1st Place');
    fireEvent.click(within(first).getByRole('button', { name: 'Edit 1st Place ticket number' }));
    fireEvent.change(within(first).getByLabelText('New ticket number'), { target: { value: 'EE55555' } });
    fireEvent.click(within(first).getByRole('button', { name: 'Replace' }));
    expect(await within(first).findByText('Error searching for ticket')).toBeTruthy();
    expect(host.toasts).toContainEqual({ type: 'error', message: 'Error searching for ticket' });
  });

  it('asks with the figures, then publishes the winners, toasts and goes to /lottery/completed', async () => {
    const host = openPublish({ 'POST /admin/lottery/publish': () => ok(LOTTERY, 'Published') });
    await generate();
    await screen.findByRole('article', { name: '1st Place' });
    fireEvent.click(button('Publish'));
    // The result time (2026-03-01) has passed: no early warning, but the figures are confirmed all the same.
    const dialog = await screen.findByRole('alertdialog', { name: 'Publish Results' });
    expect(figures(dialog)).toEqual({ Winners: '3', 'Total Paid': '$800.00', 'Admin Profit': '$200.00' });
    expect(dialog.textContent).not.toContain('has not come yet');
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' })),
    );
    expect(host.requests.some(isPublish)).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish Results' }));
    await screen.findByRole('heading', { name: 'Completed Lotteries', level: 1 });
    expect(currentPath()).toBe('/lottery/completed');
    expect(host.toasts).toContainEqual({ type: 'success', message: 'Results published successfully!' });
    expect(host.requests.find(isPublish)?.body).toEqual({
      lottery_id: 7,
      result: [
        { rank: 1, percentage: 50, ticket_number: 'AA11111' },
        { rank: 2, percentage: 20, ticket_number: 'BB22222' },
        { rank: 3, percentage: 10, ticket_number: 'CC33333' },
      ],
    });
  });

  describe('before the result time', () => {
    const SOON = new Date(Date.now() + 3 * 3_600_000).toISOString();
    const EARLY = details(7, {
      name: 'Mega Pool',
      total_pool: '1000',
      current_participants: 8,
      result_time: SOON,
    });
    const openEarly = () =>
      openPublish({
        'GET /admin/lottery/details/7': () => ok(EARLY),
        'POST /admin/lottery/publish': () => ok(EARLY, 'Published'),
      });

    async function clickPublish() {
      await generate();
      await screen.findByRole('article', { name: '1st Place' });
      fireEvent.click(button('Publish'));
      // An alert dialog, described by its question.
      return screen.findByRole('alertdialog', { name: 'Publish Before Result Time' });
    }

    it('asks first, naming the result time, with the focus on Cancel; Cancel publishes nothing', async () => {
      const host = openEarly();
      const dialog = await clickPublish();
      expect(dialog.textContent).toContain(
        `The result time (${formatDateTime(SOON)}) has not come yet. Are you sure you want to publish the results now?`,
      );
      expect(figures(dialog)).toEqual({ Winners: '3', 'Total Paid': '$800.00', 'Admin Profit': '$200.00' });
      const question = document.getElementById(dialog.getAttribute('aria-describedby') ?? '');
      expect(question?.textContent).toContain('Are you sure you want to publish the results now?');
      const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
      await waitFor(() => expect(document.activeElement).toBe(cancel));
      fireEvent.click(cancel);
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      expect(host.requests.some(isPublish)).toBe(false);
      expect(host.toasts).toEqual([]);
      expect(currentPath()).toBe('/lottery/publish/7');
    });

    it('Esc cancels', async () => {
      const host = openEarly();
      const dialog = await clickPublish();
      await waitFor(() =>
        expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' })),
      );
      fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Escape' });
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      expect(host.requests.some(isPublish)).toBe(false);
      expect(button('Publish').disabled).toBe(false);
    });

    it('publishes once confirmed', async () => {
      const host = openEarly();
      const dialog = await clickPublish();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Publish Now' }));
      await screen.findByRole('heading', { name: 'Completed Lotteries', level: 1 });
      expect(currentPath()).toBe('/lottery/completed');
      expect(host.requests.filter(isPublish)).toHaveLength(1);
      expect(host.requests.find(isPublish)?.body).toMatchObject({ lottery_id: 7 });
      expect(host.toasts).toContainEqual({ type: 'success', message: 'Results published successfully!' });
    });
  });

  it('Cancel on the figures publishes nothing', async () => {
    const host = openPublish();
    await generate();
    await screen.findByRole('article', { name: '1st Place' });
    fireEvent.click(button('Publish'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Publish Results' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(host.requests.some(isPublish)).toBe(false);
    expect(currentPath()).toBe('/lottery/publish/7');
  });

  it('fewer tickets than ranks: pays only the winners drawn, the rest stays with the admin', async () => {
    openPublish({
      'POST /admin/lottery/7/draw': () =>
        ok([
          { ...winner(1, 50, 'AA11111', 'alice'), amount: '500' },
          { ...winner(2, 20, 'BB22222', 'bob'), amount: '200' },
        ]),
    });
    await generate();
    await screen.findByRole('article', { name: '2nd Place' });
    fireEvent.click(button('Publish'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Publish Results' });
    // The lottery's expected adminProfit (200) counts the 3rd prize; unpaid, it is the admin's too.
    expect(figures(dialog)).toEqual({ Winners: '2', 'Total Paid': '$700.00', 'Admin Profit': '$300.00' });
  });

  it('shows the spec error toasts for failed draws and publishes and stays', async () => {
    let publishCalls = 0;
    let drawCalls = 0;
    const host = openPublish({
      'POST /admin/lottery/7/draw': () => {
        drawCalls += 1;
        if (drawCalls === 1) throw new ApiError('Network error', { kind: 'network' });
        if (drawCalls === 2) return { success: false, message: '' };
        return ok(DRAW);
      },
      'POST /admin/lottery/publish': () => {
        publishCalls += 1;
        if (publishCalls === 1) return { success: false, message: '' };
        if (publishCalls === 2) throw new ApiError('Network error', { kind: 'network' });
        throw new ApiError('Lottery already published', {
          status: 409,
          kind: 'bad-request',
          fromServer: true,
        });
      },
    });
    await generate();
    await waitFor(() =>
      expect(host.toasts).toContainEqual({
        type: 'error',
        message: 'Error getting random winners. Please try again.',
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Generate' }));
    await waitFor(() =>
      expect(host.toasts).toContainEqual({
        type: 'error',
        message: 'Failed to generate random winners. Please try again.',
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Generate' }));
    await screen.findByRole('article', { name: '1st Place' });
    for (const message of [
      'Failed to publish results. Please try again.',
      'Error publishing results. Please try again.',
      'Lottery already published',
    ]) {
      await publishConfirmed();
      await waitFor(() => expect(host.toasts).toContainEqual({ type: 'error', message }));
      // A failure closes the confirmation: Publish can be pressed again.
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    }
    expect(currentPath()).toBe('/lottery/publish/7');
  });

  it('pages the tickets 5 at a time with the range line and at most 5 page buttons', async () => {
    const host = openPublish();
    expect(await screen.findByText('Showing 1 to 5 of 12 results')).toBeTruthy();
    expect(screen.getByText('PLAYER1')).toBeTruthy();
    const pager = document.querySelector('.ant-pagination') as HTMLElement;
    expect([...pager.querySelectorAll('li[title]')].map((item) => item.getAttribute('title'))).toEqual([
      'Previous Page',
      '1',
      '2',
      '3',
      'Next Page',
    ]);
    fireEvent.click(within(pager).getByTitle('Next Page'));
    expect(await screen.findByText('Showing 6 to 10 of 12 results')).toBeTruthy();
    await waitFor(() =>
      expect(host.requests.filter((r) => r.path === '/admin/lottery/tickets').at(-1)?.params).toMatchObject({
        lottery_id: '7',
        page: 2,
        limit: 5,
      }),
    );
    expect(await screen.findByText('PLAYER6')).toBeTruthy();
  });

  it("shows 'Error: Lottery not found' for an unknown lottery", async () => {
    openPublish({
      'GET /admin/lottery/details/7': () => {
        throw new ApiError('Request failed with status code 404', { status: 404, kind: 'bad-request' });
      },
    });
    expect(await screen.findByText('Error: Lottery not found')).toBeTruthy();
  });

  it("shows the API's prizes (rounded down) over a local computation", async () => {
    openPublish({
      'GET /admin/lottery/details/7': () =>
        ok(
          details(7, {
            total_pool: '60',
            winner_distributions: [
              { rank: 1, percentage: 26.67 },
              { rank: 2, percentage: 26.66 },
            ],
            distributions: [
              { rank: 1, percentage: 26.67, amount: '16' },
              { rank: 2, percentage: 26.66, amount: '15.99' },
            ],
          }),
        ),
      'POST /admin/lottery/7/draw': () =>
        ok([
          { ...winner(1, 26.67, 'AA11111', 'alice'), amount: '16.00' },
          winner(2, 26.66, 'BB22222', 'bob'),
        ]),
    });
    await generate();
    await screen.findByRole('article', { name: '2nd Place' });
    expect(within(card('1st Place')).getByText('$16.00')).toBeTruthy();
    expect(within(card('2nd Place')).getByText('$15.99')).toBeTruthy();
    // The confirmation sums the same prizes, exactly: 16.00 + 15.99, and the pool's rest to the admin.
    fireEvent.click(button('Publish'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Publish Results' });
    expect(figures(dialog)).toEqual({ Winners: '2', 'Total Paid': '$31.99', 'Admin Profit': '$28.01' });
  });

  it('reads a server 404 thrown by another bundle (the shell) as the server message', async () => {
    const foreign = Object.assign(new Error('Ticket not found or already used'), {
      [Symbol.for('backoffice.ApiError')]: true,
      status: 404,
      kind: 'bad-request',
      fromServer: true,
    });
    const host = openPublish({
      'GET /admin/lottery/ticket/EE55555': () => {
        throw foreign;
      },
    });
    await generate();
    await screen.findByRole('article', { name: '1st Place' });
    const first = card('1st Place');
    fireEvent.click(within(first).getByRole('button', { name: 'Edit 1st Place ticket number' }));
    fireEvent.change(within(first).getByLabelText('New ticket number'), { target: { value: 'EE55555' } });
    fireEvent.click(within(first).getByRole('button', { name: 'Replace' }));
    expect(await within(first).findByText('Ticket not found or already used')).toBeTruthy();
    expect(host.toasts).toContainEqual({ type: 'error', message: 'Ticket not found or already used' });
  });
});

describe('Announce Results: one number, and no replacement lost (issue 22)', () => {
  it('lists the tickets sold (sold=true), the ones Tickets Sold counts', async () => {
    const host = openPublish();
    expect(await screen.findByText('Showing 1 to 5 of 12 results')).toBeTruthy();
    expect(host.requests.find((r) => r.path === '/admin/lottery/tickets')?.params).toMatchObject({
      lottery_id: '7',
      sold: 'true',
    });
  });

  it('publishing with a replacement typed and not replaced warns and names it; Cancel on the card clears it', async () => {
    openPublish();
    await generate();
    await screen.findByRole('article', { name: '2nd Place' });
    fireEvent.click(within(card('2nd Place')).getByRole('button', { name: 'Edit 2nd Place ticket number' }));
    fireEvent.change(within(card('2nd Place')).getByLabelText('New ticket number'), {
      target: { value: 'dd44444' },
    });
    fireEvent.click(button('Publish'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Publish Results' });
    expect(within(dialog).getByText('A replacement is not saved')).toBeTruthy();
    expect(
      within(dialog).getByText(
        '2nd Place: DD44444 was typed but not replaced; the drawn ticket BB22222 would be published.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    fireEvent.click(within(card('2nd Place')).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(button('Publish'));
    const again = await screen.findByRole('alertdialog', { name: 'Publish Results' });
    expect(within(again).queryByText('A replacement is not saved')).toBeNull();
  });
});
