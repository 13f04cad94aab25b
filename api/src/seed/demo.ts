import type { Db } from '../db/types.ts';
import { insertRows, SEED_TABLES, syncSequences } from './insert.ts';
import { centsToString, Rng, ticketNumberFor } from './rng.ts';

export interface DemoSeedOptions {
  seed?: number;
  /** Reference "now" of the data; default: the start of the current UTC hour. */
  base?: Date;
}

export interface SeedSummary {
  users: number;
  transactions: number;
  withdrawals: number;
  supportTickets: number;
  lotteries: number;
  lotteryTickets: number;
  mineGames: number;
  ledger: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const FIRST = [
  'Liam',
  'Olivia',
  'Noah',
  'Emma',
  'Ava',
  'Mia',
  'Lucas',
  'Amelia',
  'Ethan',
  'Sofia',
  'Mateo',
  'Chloe',
  'Arjun',
  'Yuki',
  'Omar',
  'Fatima',
  'Ivan',
  'Elena',
  'Kwame',
  'Zara',
  'Chen',
  'Priya',
  'Diego',
  'Hana',
  'Tom',
  'Nina',
];
const LAST = [
  'Smith',
  'Garcia',
  'Kim',
  'Nguyen',
  'Patel',
  'Silva',
  'Müller',
  'Rossi',
  'Kowalski',
  'Haddad',
  'Okafor',
  'Tanaka',
  'Novak',
  'Ivanova',
  'Dubois',
  'Jensen',
  'Costa',
  'Moreau',
  'Lopez',
  'Khan',
];
const LOTTERY_NAMES = [
  'Mega Jackpot',
  'Weekend Draw',
  'Lucky Sevens',
  'Golden Ticket',
  'Midnight Millions',
  'Crypto Carnival',
  'Diamond Pool',
  'Super Saturday',
  'Fortune Wheel',
  'Rainbow Riches',
  'Silver Spin',
  'Thunder Pot',
  'Starlight Pool',
  'Ocean Treasure',
  'Royal Flush Draw',
];
const SUPPORT_TYPES = ['deposit', 'withdrawal', 'lottery', 'mines', 'account', 'technical'];
const SHORT_MESSAGES = [
  'My deposit has not arrived yet.',
  'How do I change my email address?',
  'Withdrawal still pending, please check.',
  'I cannot see my lottery ticket.',
  'The mines game froze during my round.',
  'Please verify my account.',
];
const LONG_MESSAGES = [
  'I sent a USDT deposit on the BSC network more than two hours ago and the transaction is confirmed on the explorer, but my balance still shows the old amount. Could you please check and credit it?',
  'My withdrawal request has been in the pending state for three days now. I double-checked the wallet address and it is correct. Is there anything else I need to provide to get it processed quickly?',
  'During a mines round my connection dropped right after I clicked cash out. When I came back the game was gone and my balance did not change. I would like to know what happened to my bet and the payout.',
  'I bought five tickets for the weekend lottery but only three of them appear in my ticket history. The money for all five was taken from my balance. Please look into this and refund or restore the missing tickets.',
];
const REMARKS = [
  'Resolved, balance credited.',
  'Explained the process to the user.',
  'Duplicate ticket.',
  'Escalated to payments team and fixed.',
  'User confirmed the issue is solved.',
];
const REJECT_REASONS = [
  'Wallet address does not match KYC records.',
  'Suspicious activity on the account.',
  'Bonus wagering requirements not met.',
];
const PAY_CURRENCIES = { usdtbsc: 6, usdttrc20: 2, usdterc20: 1, bnbbsc: 1 };

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Demo data (small, deterministic): ~150 users in every status, ~400 deposits, ~120 withdrawals,
 * ~60 support tickets, 15 lotteries in every status by the clock (completed ones with published,
 * credited winners), ~60 mine games. Every money movement goes through the ledger in time order,
 * so each user's balance equals the sum of its ledger rows and never goes negative.
 * Expects empty tables (ids are explicit).
 */
export async function seedDemo(db: Db, options: DemoSeedOptions = {}): Promise<SeedSummary> {
  const rng = new Rng(options.seed ?? 42);
  const base = (options.base ?? new Date(Math.floor(Date.now() / HOUR) * HOUR)).getTime();

  // Users ---------------------------------------------------------------------------------------
  const userCount = 150;
  const usernames = new Set<string>();
  const users = Array.from({ length: userCount }, (_, i) => {
    const id = i + 1;
    const first = rng.pick(FIRST);
    const last = rng.pick(LAST);
    let username = `${first}${last}`
      .toLowerCase()
      .normalize('NFD')
      .replace(/[^a-z]/g, '');
    while (usernames.has(username)) username += rng.int(0, 9);
    usernames.add(username);
    const createdAt = base - rng.int(30, 200) * DAY - rng.int(0, DAY);
    const status =
      i < 5
        ? (['active', 'blocked', 'inactive', 'active', 'blocked'] as const)[i]!
        : rng.weighted({ active: 75, blocked: 13, inactive: 12 });
    return {
      id,
      name: rng.chance(0.1) ? null : `${first} ${last}`,
      username,
      email: `${username}@example.${rng.pick(['com', 'net', 'org'])}`,
      email_verified: rng.chance(0.8),
      role: rng.chance(0.1) ? 'vip' : 'user',
      status,
      block_reason:
        status === 'blocked' ? rng.pick(['Chargeback', 'Multiple accounts', 'Abusive behaviour']) : null,
      last_login: rng.chance(0.15) ? null : iso(base - rng.int(0, 20 * DAY)),
      created_at: iso(createdAt),
      updated_at: iso(createdAt),
      deleted_at: i >= userCount - 3 ? iso(base - rng.int(1, 10) * DAY) : null,
      createdMs: createdAt,
    };
  });
  const userBlocks = users
    .filter((u) => u.status === 'blocked')
    .map((u, i) => ({
      id: i + 1,
      user_id: u.id,
      action: 'blocked',
      reason: u.block_reason,
      created_at: iso(base - rng.int(1, 25) * DAY),
    }));

  // Money timeline -------------------------------------------------------------------------------
  type Event = { at: number; order: number; apply: () => void };
  const events: Event[] = [];
  const balance = new Map<number, number>(); // cents
  const ledger: Record<string, unknown>[] = [];
  const book = (userId: number, cents: number, reason: string, reference: string, at: number) => {
    balance.set(userId, (balance.get(userId) ?? 0) + cents);
    ledger.push({
      id: ledger.length + 1,
      user_id: userId,
      amount: centsToString(cents),
      reason,
      reference,
      created_at: iso(at),
    });
  };
  const live = users.filter((u) => u.deleted_at === null);
  const funded = (at: number, cents: number) =>
    live.filter((u) => u.status !== 'inactive' && u.createdMs < at && (balance.get(u.id) ?? 0) >= cents);

  // Deposits: generated up front (ids in time order), credited on the timeline when completed.
  const deposits = Array.from({ length: 400 }, () => {
    const user = rng.pick(live);
    const at = user.createdMs + rng.int(HOUR, Math.max(HOUR, base - user.createdMs - HOUR));
    const status = rng.weighted({ completed: 70, waiting: 15, failed: 15 });
    const cents = rng.chance(0.3) ? rng.pick([50, 100, 200, 500, 1000]) * 100 : rng.int(1000, 500000);
    return {
      user_id: user.id,
      amount: centsToString(cents),
      cents,
      currency: rng.chance(0.8) ? 'usd' : 'usdt',
      payment_id: String(rng.int(1_000_000_000, 9_999_999_999)),
      pay_currency: rng.weighted(PAY_CURRENCIES),
      pay_address: status === 'failed' && rng.chance(0.3) ? null : `0x${rng.hex(40)}`,
      status,
      at,
    };
  })
    .sort((a, b) => a.at - b.at)
    .map((d, i) => ({ ...d, id: i + 1, created_at: iso(d.at), updated_at: iso(d.at) }));
  for (const d of deposits) {
    if (d.status === 'completed')
      events.push({
        at: d.at,
        order: 0,
        apply: () => book(d.user_id, d.cents, 'deposit', `deposit:${d.id}`, d.at),
      });
  }

  // Lotteries: in every status by the clock relative to base.
  const plan: ('upcoming' | 'open' | 'closed' | 'completed')[] = [
    'completed',
    'completed',
    'completed',
    'completed',
    'completed',
    'closed',
    'closed',
    'closed',
    'open',
    'open',
    'open',
    'open',
    'upcoming',
    'upcoming',
    'upcoming',
  ];
  const lotteries = plan.map((kind, i) => {
    let start: number;
    let end: number;
    if (kind === 'upcoming') {
      start = base + rng.int(1, 10) * DAY;
      end = start + rng.int(2, 7) * DAY;
    } else if (kind === 'open') {
      start = base - rng.int(1, 5) * DAY;
      end = base + rng.int(1, 5) * DAY;
    } else if (kind === 'closed') {
      start = base - rng.int(6, 12) * DAY;
      end = base - rng.int(2, 48) * HOUR;
    } else {
      start = base - rng.int(20, 90) * DAY;
      end = start + rng.int(3, 10) * DAY;
    }
    const winners = rng.int(1, 5);
    const share = rng.pick([20, 20, 25, 30, 40]);
    const each = Math.floor((100 - share) / winners);
    const distributions = Array.from({ length: winners }, (_, r) => ({
      rank: r + 1,
      percentage: r === winners - 1 ? 100 - share - each * (winners - 1) : each,
    }));
    return {
      id: i + 1,
      kind,
      name: LOTTERY_NAMES[i]!,
      priceCents: rng.pick([100, 200, 250, 500, 1000]),
      start,
      end,
      result: end + rng.int(1, 5) * HOUR,
      winners,
      share,
      distributions,
      max_participants: rng.chance(0.5) ? null : rng.int(100, 500),
      created_at: iso(start - rng.int(1, 5) * DAY),
    };
  });

  const tickets: {
    id: number;
    lottery_id: number;
    user_id: number;
    ticket_number: string;
    priceCents: number;
    status: string;
    at: number;
    is_winner: boolean;
    prize_rank: number | null;
    winningCents: number;
  }[] = [];
  for (const l of lotteries) {
    if (l.kind === 'upcoming') continue;
    const count = l.kind === 'open' ? rng.int(10, 40) : rng.int(Math.max(l.winners, 15), 60);
    const until = Math.min(l.end, base) - HOUR;
    for (let k = 0; k < count; k++) {
      const at = l.start + rng.int(0, Math.max(0, until - l.start));
      const cancel = rng.chance(0.04);
      events.push({
        at,
        order: 1,
        apply: () => {
          const buyers = funded(at, l.priceCents).filter((u) => u.status === 'active');
          if (buyers.length === 0) return;
          const user = rng.pick(buyers);
          const id = tickets.length + 1;
          book(user.id, -l.priceCents, 'lottery_ticket', `lottery_ticket:${id}`, at);
          tickets.push({
            id,
            lottery_id: l.id,
            user_id: user.id,
            ticket_number: ticketNumberFor(id),
            priceCents: l.priceCents,
            status: cancel ? 'cancelled' : l.kind === 'completed' ? 'inactive' : 'active',
            at,
            is_winner: false,
            prize_rank: null,
            winningCents: 0,
          });
          if (cancel) book(user.id, l.priceCents, 'lottery_refund', `lottery_ticket:${id}`, at + HOUR / 2);
        },
      });
    }
  }

  // Completed lotteries: draw and credit winners at result time.
  const draws: Record<string, unknown>[] = [];
  const results = new Map<number, unknown[]>();
  for (const l of lotteries.filter((x) => x.kind === 'completed')) {
    events.push({
      at: l.result,
      order: 2,
      apply: () => {
        const sold = tickets.filter((t) => t.lottery_id === l.id && t.status !== 'cancelled');
        const poolCents = sold.reduce((s, t) => s + t.priceCents, 0);
        const pool = [...sold];
        const result = [];
        for (const d of l.distributions) {
          const t = pool.splice(rng.int(0, pool.length - 1), 1)[0];
          if (!t) break; // fewer tickets than winners
          const cents = Math.floor((poolCents * d.percentage) / 100);
          t.is_winner = true;
          t.prize_rank = d.rank;
          t.winningCents = cents;
          if (cents > 0) book(t.user_id, cents, 'lottery_prize', `lottery_ticket:${t.id}`, l.result);
          result.push({
            rank: d.rank,
            percentage: d.percentage,
            ticket_id: t.id,
            ticket_number: t.ticket_number,
            user_id: t.user_id,
            amount: centsToString(cents),
          });
        }
        results.set(l.id, result);
        draws.push({
          id: draws.length + 1,
          lottery_id: l.id,
          seed: `demo-${options.seed ?? 42}-${l.id}`,
          ranks: result.map((r) => ({
            rank: r.rank,
            ticket_id: r.ticket_id,
            ticket_number: r.ticket_number,
          })),
          published: true,
          drawn_at: iso(l.result - 10 * 60_000),
        });
      },
    });
  }

  // Mine games: finished (wins and losses), a few cancelled and refunded, some active right now.
  const games: Record<string, unknown>[] = [];
  for (let k = 0; k < 64; k++) {
    const activeGame = k < 12;
    const at = activeGame ? base - rng.int(1, 120) * 60_000 : base - rng.int(3 * HOUR, 30 * DAY);
    const mines = rng.int(1, 24);
    const betCents = rng.pick([100, 500, 1000, 2500, 5000, 10000]) + rng.int(0, 99) * 10;
    const outcome = activeGame ? null : k < 14 ? 'cancelled' : rng.chance(0.45) ? 'won' : 'lost';
    events.push({
      at,
      order: 3,
      apply: () => {
        const players = funded(at, betCents).filter((u) => u.status === 'active');
        if (players.length === 0) return;
        const user = rng.pick(players);
        const id = games.length + 1;
        const finished = at + rng.int(1, 20) * 60_000;
        // Cashed out after a few safe picks: more mines pay more, and the house keeps its edge overall.
        const multiplier = 1.05 + ((mines / 24) * rng.int(2, 16)) / 10;
        const payoutCents = outcome === 'won' ? Math.floor(betCents * multiplier) : 0;
        book(user.id, -betCents, 'mine_bet', `mine_game:${id}`, at);
        if (outcome === 'won') book(user.id, payoutCents, 'mine_payout', `mine_game:${id}`, finished);
        if (outcome === 'cancelled') book(user.id, betCents, 'mine_refund', `mine_game:${id}`, finished);
        games.push({
          id,
          user_id: user.id,
          mines_count: mines,
          amount: centsToString(betCents),
          active: activeGame,
          outcome,
          payout: centsToString(payoutCents),
          created_at: iso(at),
          finished_at: activeGame ? null : iso(finished),
        });
      },
    });
  }

  // Withdrawals: debited at request, refunded when rejected or cancelled.
  const withdrawalStatuses = [
    'waiting',
    'pending',
    'approved',
    'rejected',
    'cancelled',
    'pending_otp',
    'completed',
  ] as const;
  const withdrawals: Record<string, unknown>[] = [];
  for (let k = 0; k < 130; k++) {
    const at = base - rng.int(2 * HOUR, 90 * DAY);
    const wanted = rng.int(1000, 200000);
    const fresh = at > base - 3 * DAY;
    events.push({
      at,
      order: 4,
      apply: () => {
        const owners = funded(at, 1000);
        if (owners.length === 0 || withdrawals.length >= 120) return;
        const user = rng.pick(owners);
        const cents = Math.min(wanted, balance.get(user.id) ?? 0);
        const id = withdrawals.length + 1;
        const status =
          fresh && rng.chance(0.5)
            ? rng.pick(['waiting', 'pending'] as const)
            : withdrawalStatuses[id % withdrawalStatuses.length]!;
        const processed = at + rng.int(1, 48) * HOUR;
        const decided = !['waiting', 'pending'].includes(status);
        book(user.id, -cents, 'withdrawal', `withdrawal:${id}`, at);
        if (status === 'rejected' || status === 'cancelled')
          book(user.id, cents, 'withdrawal_refund', `withdrawal:${id}`, processed);
        withdrawals.push({
          id,
          user_id: user.id,
          amount: centsToString(cents),
          wallet_address: rng.chance(0.08) ? null : `0x${rng.hex(40)}`,
          status,
          hash: status === 'completed' ? `0x${rng.hex(64)}` : null,
          processing: status === 'approved' && rng.chance(0.5),
          comment: status === 'rejected' ? rng.pick(REJECT_REASONS) : null,
          processed_at: decided ? iso(processed) : null,
          created_at: iso(at),
          updated_at: iso(decided ? processed : at),
        });
      },
    });
  }

  events.sort((a, b) => a.at - b.at || a.order - b.order);
  for (const e of events) e.apply();

  // Support tickets.
  const support = Array.from({ length: 60 }, (_, i) => {
    const user = rng.pick(users);
    const at = base - rng.int(HOUR, 60 * DAY);
    const status = rng.chance(0.5) ? 'open' : 'closed';
    const long = i % 4 === 0;
    return {
      id: 0,
      user_id: user.id,
      type: rng.pick(SUPPORT_TYPES),
      message: long ? rng.pick(LONG_MESSAGES) : rng.pick(SHORT_MESSAGES),
      status,
      remarks:
        status === 'closed' ? rng.pick(REMARKS) : rng.chance(0.2) ? 'Waiting for the user to reply.' : null,
      created_at: iso(at),
      updated_at: iso(at),
      closed_at: status === 'closed' ? iso(at + rng.int(1, 48) * HOUR) : null,
      at,
    };
  })
    .sort((a, b) => a.at - b.at)
    .map((s, i) => ({ ...s, id: i + 1 }));

  // Write everything -----------------------------------------------------------------------------
  await db.transaction(async (tx) => {
    await insertRows(
      tx,
      'users',
      {
        id: 'int',
        name: 'text',
        username: 'text',
        email: 'text',
        email_verified: 'boolean',
        role: 'text',
        status: 'text',
        block_reason: 'text',
        last_login: 'timestamptz',
        created_at: 'timestamptz',
        updated_at: 'timestamptz',
        deleted_at: 'timestamptz',
      },
      users,
    );
    await insertRows(
      tx,
      'user_blocks',
      { id: 'int', user_id: 'int', action: 'text', reason: 'text', created_at: 'timestamptz' },
      userBlocks,
    );
    await insertRows(
      tx,
      'transactions',
      {
        id: 'int',
        user_id: 'int',
        amount: 'numeric',
        currency: 'text',
        payment_id: 'text',
        pay_currency: 'text',
        pay_address: 'text',
        status: 'text',
        created_at: 'timestamptz',
        updated_at: 'timestamptz',
      },
      deposits,
    );
    await insertRows(
      tx,
      'withdrawals',
      {
        id: 'int',
        user_id: 'int',
        amount: 'numeric',
        wallet_address: 'text',
        status: 'text',
        hash: 'text',
        processing: 'boolean',
        comment: 'text',
        processed_at: 'timestamptz',
        created_at: 'timestamptz',
        updated_at: 'timestamptz',
      },
      withdrawals,
    );
    await insertRows(
      tx,
      'support_tickets',
      {
        id: 'int',
        user_id: 'int',
        type: 'text',
        message: 'text',
        status: 'text',
        remarks: 'text',
        created_at: 'timestamptz',
        updated_at: 'timestamptz',
        closed_at: 'timestamptz',
      },
      support,
    );
    await insertRows(
      tx,
      'lotteries',
      {
        id: 'int',
        name: 'text',
        ticket_price: 'numeric',
        start_time: 'timestamptz',
        end_time: 'timestamptz',
        result_time: 'timestamptz',
        winners_count: 'int',
        winner_distributions: 'jsonb',
        admin_share: 'int',
        max_participants: 'int',
        prize_distributed: 'boolean',
        distributed_at: 'timestamptz',
        result: 'jsonb',
        created_at: 'timestamptz',
        updated_at: 'timestamptz',
      },
      lotteries.map((l) => ({
        id: l.id,
        name: l.name,
        ticket_price: centsToString(l.priceCents),
        start_time: iso(l.start),
        end_time: iso(l.end),
        result_time: iso(l.result),
        winners_count: l.winners,
        winner_distributions: l.distributions,
        admin_share: l.share,
        max_participants: l.max_participants,
        prize_distributed: l.kind === 'completed',
        distributed_at: l.kind === 'completed' ? iso(l.result) : null,
        result: results.get(l.id) ?? null,
        created_at: l.created_at,
        updated_at: l.created_at,
      })),
    );
    await insertRows(
      tx,
      'lottery_tickets',
      {
        id: 'int',
        lottery_id: 'int',
        user_id: 'int',
        ticket_number: 'text',
        price: 'numeric',
        status: 'text',
        is_winner: 'boolean',
        prize_rank: 'int',
        winning_amount: 'numeric',
        created_at: 'timestamptz',
      },
      tickets.map((t) => ({
        ...t,
        price: centsToString(t.priceCents),
        winning_amount: centsToString(t.winningCents),
        created_at: iso(t.at),
      })),
    );
    await insertRows(
      tx,
      'lottery_draws',
      {
        id: 'int',
        lottery_id: 'int',
        seed: 'text',
        ranks: 'jsonb',
        published: 'boolean',
        drawn_at: 'timestamptz',
      },
      draws,
    );
    await insertRows(
      tx,
      'mine_games',
      {
        id: 'int',
        user_id: 'int',
        mines_count: 'int',
        amount: 'numeric',
        active: 'boolean',
        outcome: 'text',
        payout: 'numeric',
        created_at: 'timestamptz',
        finished_at: 'timestamptz',
      },
      games,
    );
    await insertRows(
      tx,
      'ledger',
      {
        id: 'bigint',
        user_id: 'int',
        amount: 'numeric',
        reason: 'text',
        reference: 'text',
        created_at: 'timestamptz',
      },
      ledger,
    );
    await syncSequences(tx, SEED_TABLES);
  });

  return {
    users: users.length,
    transactions: deposits.length,
    withdrawals: withdrawals.length,
    supportTickets: support.length,
    lotteries: lotteries.length,
    lotteryTickets: tickets.length,
    mineGames: games.length,
    ledger: ledger.length,
  };
}
