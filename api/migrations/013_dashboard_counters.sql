-- Dashboard figures kept by the database (issue 20): every write updates them in its own transaction,
-- so GET /admin/dashboard/stats reads a few small rows instead of scanning the tables. The full scan,
-- DASHBOARD_STATS_SQL in src/modules/dashboard/repository.ts, stays the reference of the rules: the
-- tests and `pnpm -C api recount-dashboard` compare these figures with it.
--
-- - One table per family of figures (users, deposits, withdrawals, support, mines), one row per slot.
--   A statement adds its change to the slot of its connection (pg_backend_pid() % 16), so transactions
--   on connections of different slots never wait for each other on a counter, and a transaction locks
--   at most one counter row per family. The read sums the slots.
-- - Lottery ticket figures come from lottery_ticket_stats (per lottery and ticket status, migration
--   003), which now also sums winning_amount; they are joined to lotteries at read time because they
--   depend on each lottery's deleted_at and prize_distributed. Active lotteries follow the clock: counted
--   at read time in the small lotteries table.
-- - AFTER ... FOR EACH STATEMENT triggers with transition tables: a bulk statement (the scale seed,
--   a bulk decision) pays one aggregate, and a statement that moves no figure (a balance update on
--   users, a payout turning an approved withdrawal into a completed one) writes no counter at all.
-- - Money is NUMERIC (exact), counts bigint.

-- Writes wait while this migration runs (0.5 s on the scale-1 data): no row may change between the
-- backfill's scans below and the triggers taking over. The locks are held until it commits.
LOCK TABLE users, transactions, withdrawals, support_tickets, mine_games, lottery_tickets IN SHARE MODE;

CREATE FUNCTION dashboard_slot() RETURNS smallint LANGUAGE sql STABLE AS $$
  SELECT (pg_backend_pid() % 16)::smallint
$$;

CREATE TABLE dashboard_users (
  slot smallint PRIMARY KEY,
  total bigint NOT NULL DEFAULT 0                 -- users not deleted
);
CREATE TABLE dashboard_deposits (
  slot smallint PRIMARY KEY,
  completed bigint NOT NULL DEFAULT 0,            -- transactions with status completed
  completed_usd numeric NOT NULL DEFAULT 0
);
CREATE TABLE dashboard_withdrawals (
  slot smallint PRIMARY KEY,
  paid_usd numeric NOT NULL DEFAULT 0,            -- approved + completed
  pending bigint NOT NULL DEFAULT 0,              -- pending + waiting + awaiting_approval
  pending_usd numeric NOT NULL DEFAULT 0
);
CREATE TABLE dashboard_support (
  slot smallint PRIMARY KEY,
  total bigint NOT NULL DEFAULT 0,
  open bigint NOT NULL DEFAULT 0,
  closed bigint NOT NULL DEFAULT 0
);
CREATE TABLE dashboard_mines (
  slot smallint PRIMARY KEY,
  games bigint NOT NULL DEFAULT 0,                -- every game but the cancelled (refunded) ones
  active bigint NOT NULL DEFAULT 0,
  bets numeric NOT NULL DEFAULT 0,                -- bets of those games
  payouts numeric NOT NULL DEFAULT 0,             -- payouts of finished (won or lost) games
  profit numeric NOT NULL DEFAULT 0,              -- bets - payouts of finished games
  wins bigint NOT NULL DEFAULT 0,                 -- finished with payout > 0
  losses bigint NOT NULL DEFAULT 0                -- finished with payout = 0
);

-- Each function adds what the new rows count and takes away what the old rows counted (an UPDATE has
-- both, an INSERT only new rows, a DELETE only old rows), then writes its slot once, and only when
-- something changed. TRUNCATE empties the family.

CREATE FUNCTION dashboard_users_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d bigint := 0;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE dashboard_users SET total = 0;
    RETURN NULL;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    d := d + (SELECT count(*) FROM new_rows WHERE deleted_at IS NULL);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    d := d - (SELECT count(*) FROM old_rows WHERE deleted_at IS NULL);
  END IF;
  IF d <> 0 THEN
    INSERT INTO dashboard_users AS c (slot, total) VALUES (dashboard_slot(), d)
    ON CONFLICT (slot) DO UPDATE SET total = c.total + EXCLUDED.total;
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION dashboard_deposits_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d dashboard_deposits := ROW(0, 0, 0);
  r record;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE dashboard_deposits SET completed = 0, completed_usd = 0;
    RETURN NULL;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT count(*) AS completed, coalesce(sum(amount), 0) AS completed_usd
      INTO r FROM new_rows WHERE status = 'completed';
    d.completed := d.completed + r.completed; d.completed_usd := d.completed_usd + r.completed_usd;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    SELECT count(*) AS completed, coalesce(sum(amount), 0) AS completed_usd
      INTO r FROM old_rows WHERE status = 'completed';
    d.completed := d.completed - r.completed; d.completed_usd := d.completed_usd - r.completed_usd;
  END IF;
  IF d.completed <> 0 OR d.completed_usd <> 0 THEN
    INSERT INTO dashboard_deposits AS c (slot, completed, completed_usd)
    VALUES (dashboard_slot(), d.completed, d.completed_usd)
    ON CONFLICT (slot) DO UPDATE
      SET completed = c.completed + EXCLUDED.completed, completed_usd = c.completed_usd + EXCLUDED.completed_usd;
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION dashboard_withdrawals_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d dashboard_withdrawals := ROW(0, 0, 0, 0);
  r record;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE dashboard_withdrawals SET paid_usd = 0, pending = 0, pending_usd = 0;
    RETURN NULL;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT coalesce(sum(amount) FILTER (WHERE status IN ('approved', 'completed')), 0) AS paid_usd,
           count(*) FILTER (WHERE status IN ('pending', 'waiting', 'awaiting_approval')) AS pending,
           coalesce(sum(amount) FILTER (WHERE status IN ('pending', 'waiting', 'awaiting_approval')), 0) AS pending_usd
      INTO r FROM new_rows;
    d.paid_usd := d.paid_usd + r.paid_usd; d.pending := d.pending + r.pending;
    d.pending_usd := d.pending_usd + r.pending_usd;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    SELECT coalesce(sum(amount) FILTER (WHERE status IN ('approved', 'completed')), 0) AS paid_usd,
           count(*) FILTER (WHERE status IN ('pending', 'waiting', 'awaiting_approval')) AS pending,
           coalesce(sum(amount) FILTER (WHERE status IN ('pending', 'waiting', 'awaiting_approval')), 0) AS pending_usd
      INTO r FROM old_rows;
    d.paid_usd := d.paid_usd - r.paid_usd; d.pending := d.pending - r.pending;
    d.pending_usd := d.pending_usd - r.pending_usd;
  END IF;
  IF d.paid_usd <> 0 OR d.pending <> 0 OR d.pending_usd <> 0 THEN
    INSERT INTO dashboard_withdrawals AS c (slot, paid_usd, pending, pending_usd)
    VALUES (dashboard_slot(), d.paid_usd, d.pending, d.pending_usd)
    ON CONFLICT (slot) DO UPDATE
      SET paid_usd = c.paid_usd + EXCLUDED.paid_usd, pending = c.pending + EXCLUDED.pending,
          pending_usd = c.pending_usd + EXCLUDED.pending_usd;
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION dashboard_support_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d dashboard_support := ROW(0, 0, 0, 0);
  r record;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE dashboard_support SET total = 0, open = 0, closed = 0;
    RETURN NULL;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT count(*) AS total, count(*) FILTER (WHERE status = 'open') AS open,
           count(*) FILTER (WHERE status = 'closed') AS closed
      INTO r FROM new_rows;
    d.total := d.total + r.total; d.open := d.open + r.open; d.closed := d.closed + r.closed;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    SELECT count(*) AS total, count(*) FILTER (WHERE status = 'open') AS open,
           count(*) FILTER (WHERE status = 'closed') AS closed
      INTO r FROM old_rows;
    d.total := d.total - r.total; d.open := d.open - r.open; d.closed := d.closed - r.closed;
  END IF;
  IF d.total <> 0 OR d.open <> 0 OR d.closed <> 0 THEN
    INSERT INTO dashboard_support AS c (slot, total, open, closed)
    VALUES (dashboard_slot(), d.total, d.open, d.closed)
    ON CONFLICT (slot) DO UPDATE
      SET total = c.total + EXCLUDED.total, open = c.open + EXCLUDED.open, closed = c.closed + EXCLUDED.closed;
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION dashboard_mines_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d dashboard_mines := ROW(0, 0, 0, 0, 0, 0, 0, 0);
  r record;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE dashboard_mines SET games = 0, active = 0, bets = 0, payouts = 0, profit = 0, wins = 0, losses = 0;
    RETURN NULL;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT count(*) FILTER (WHERE outcome IS DISTINCT FROM 'cancelled') AS games,
           count(*) FILTER (WHERE active) AS active,
           coalesce(sum(amount) FILTER (WHERE outcome IS DISTINCT FROM 'cancelled'), 0) AS bets,
           coalesce(sum(payout) FILTER (WHERE outcome IN ('won', 'lost')), 0) AS payouts,
           coalesce(sum(amount - payout) FILTER (WHERE outcome IN ('won', 'lost')), 0) AS profit,
           count(*) FILTER (WHERE outcome IN ('won', 'lost') AND payout > 0) AS wins,
           count(*) FILTER (WHERE outcome IN ('won', 'lost') AND payout = 0) AS losses
      INTO r FROM new_rows;
    d.games := d.games + r.games; d.active := d.active + r.active; d.bets := d.bets + r.bets;
    d.payouts := d.payouts + r.payouts; d.profit := d.profit + r.profit;
    d.wins := d.wins + r.wins; d.losses := d.losses + r.losses;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    SELECT count(*) FILTER (WHERE outcome IS DISTINCT FROM 'cancelled') AS games,
           count(*) FILTER (WHERE active) AS active,
           coalesce(sum(amount) FILTER (WHERE outcome IS DISTINCT FROM 'cancelled'), 0) AS bets,
           coalesce(sum(payout) FILTER (WHERE outcome IN ('won', 'lost')), 0) AS payouts,
           coalesce(sum(amount - payout) FILTER (WHERE outcome IN ('won', 'lost')), 0) AS profit,
           count(*) FILTER (WHERE outcome IN ('won', 'lost') AND payout > 0) AS wins,
           count(*) FILTER (WHERE outcome IN ('won', 'lost') AND payout = 0) AS losses
      INTO r FROM old_rows;
    d.games := d.games - r.games; d.active := d.active - r.active; d.bets := d.bets - r.bets;
    d.payouts := d.payouts - r.payouts; d.profit := d.profit - r.profit;
    d.wins := d.wins - r.wins; d.losses := d.losses - r.losses;
  END IF;
  IF d.games <> 0 OR d.active <> 0 OR d.bets <> 0 OR d.payouts <> 0 OR d.profit <> 0 OR d.wins <> 0
     OR d.losses <> 0 THEN
    INSERT INTO dashboard_mines AS c (slot, games, active, bets, payouts, profit, wins, losses)
    VALUES (dashboard_slot(), d.games, d.active, d.bets, d.payouts, d.profit, d.wins, d.losses)
    ON CONFLICT (slot) DO UPDATE
      SET games = c.games + EXCLUDED.games, active = c.active + EXCLUDED.active, bets = c.bets + EXCLUDED.bets,
          payouts = c.payouts + EXCLUDED.payouts, profit = c.profit + EXCLUDED.profit,
          wins = c.wins + EXCLUDED.wins, losses = c.losses + EXCLUDED.losses;
  END IF;
  RETURN NULL;
END
$$;

-- Transition tables need one trigger per event (PostgreSQL allows no list of events with them).
CREATE TRIGGER dashboard_users_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_users_count();
CREATE TRIGGER dashboard_users_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_users_count();
CREATE TRIGGER dashboard_users_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_users_count();
CREATE TRIGGER dashboard_users_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_users_count();

CREATE TRIGGER dashboard_deposits_insert AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_deposits_count();
CREATE TRIGGER dashboard_deposits_update AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_deposits_count();
CREATE TRIGGER dashboard_deposits_delete AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_deposits_count();
CREATE TRIGGER dashboard_deposits_truncate AFTER TRUNCATE ON transactions
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_deposits_count();

CREATE TRIGGER dashboard_withdrawals_insert AFTER INSERT ON withdrawals
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_withdrawals_count();
CREATE TRIGGER dashboard_withdrawals_update AFTER UPDATE ON withdrawals
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_withdrawals_count();
CREATE TRIGGER dashboard_withdrawals_delete AFTER DELETE ON withdrawals
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_withdrawals_count();
CREATE TRIGGER dashboard_withdrawals_truncate AFTER TRUNCATE ON withdrawals
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_withdrawals_count();

CREATE TRIGGER dashboard_support_insert AFTER INSERT ON support_tickets
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_support_count();
CREATE TRIGGER dashboard_support_update AFTER UPDATE ON support_tickets
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_support_count();
CREATE TRIGGER dashboard_support_delete AFTER DELETE ON support_tickets
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_support_count();
CREATE TRIGGER dashboard_support_truncate AFTER TRUNCATE ON support_tickets
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_support_count();

CREATE TRIGGER dashboard_mines_insert AFTER INSERT ON mine_games
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_mines_count();
CREATE TRIGGER dashboard_mines_update AFTER UPDATE ON mine_games
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_mines_count();
CREATE TRIGGER dashboard_mines_delete AFTER DELETE ON mine_games
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_mines_count();
CREATE TRIGGER dashboard_mines_truncate AFTER TRUNCATE ON mine_games
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_mines_count();

-- Backfill (one scan of each table, here only), in slot 0, under the lock taken at the top.
INSERT INTO dashboard_users (slot, total) SELECT 0, count(*) FROM users WHERE deleted_at IS NULL;
INSERT INTO dashboard_deposits (slot, completed, completed_usd)
SELECT 0, count(*), coalesce(sum(amount), 0) FROM transactions WHERE status = 'completed';
INSERT INTO dashboard_withdrawals (slot, paid_usd, pending, pending_usd)
SELECT 0, coalesce(sum(amount) FILTER (WHERE status IN ('approved', 'completed')), 0),
       count(*) FILTER (WHERE status IN ('pending', 'waiting', 'awaiting_approval')),
       coalesce(sum(amount) FILTER (WHERE status IN ('pending', 'waiting', 'awaiting_approval')), 0)
  FROM withdrawals;
INSERT INTO dashboard_support (slot, total, open, closed)
SELECT 0, count(*), count(*) FILTER (WHERE status = 'open'), count(*) FILTER (WHERE status = 'closed')
  FROM support_tickets;
INSERT INTO dashboard_mines (slot, games, active, bets, payouts, profit, wins, losses)
SELECT 0, count(*) FILTER (WHERE outcome IS DISTINCT FROM 'cancelled'),
       count(*) FILTER (WHERE active),
       coalesce(sum(amount) FILTER (WHERE outcome IS DISTINCT FROM 'cancelled'), 0),
       coalesce(sum(payout) FILTER (WHERE outcome IN ('won', 'lost')), 0),
       coalesce(sum(amount - payout) FILTER (WHERE outcome IN ('won', 'lost')), 0),
       count(*) FILTER (WHERE outcome IN ('won', 'lost') AND payout > 0),
       count(*) FILTER (WHERE outcome IN ('won', 'lost') AND payout = 0)
  FROM mine_games;

-- Lottery tickets: the prizes won, beside the count and the prices of 003, per lottery and status.
ALTER TABLE lottery_ticket_stats ADD COLUMN winnings numeric(20, 8) NOT NULL DEFAULT 0;
UPDATE lottery_ticket_stats s SET winnings = w.winnings
  FROM (SELECT lottery_id, status, sum(winning_amount) AS winnings FROM lottery_tickets
         WHERE winning_amount <> 0 GROUP BY lottery_id, status) w
 WHERE s.lottery_id = w.lottery_id AND s.status = w.status;

CREATE OR REPLACE FUNCTION lottery_ticket_stats_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lottery_ticket_stats AS s (lottery_id, status, tickets, amount, winnings)
  SELECT lottery_id, status, count(*), sum(price), sum(winning_amount) FROM new_rows GROUP BY lottery_id, status
  ON CONFLICT (lottery_id, status)
  DO UPDATE SET tickets = s.tickets + EXCLUDED.tickets, amount = s.amount + EXCLUDED.amount,
                winnings = s.winnings + EXCLUDED.winnings;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION lottery_ticket_stats_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lottery_ticket_stats AS s (lottery_id, status, tickets, amount, winnings)
  SELECT lottery_id, status, sum(n), sum(a), sum(w)
    FROM (SELECT lottery_id, status, 1 AS n, price AS a, winning_amount AS w FROM new_rows
          UNION ALL
          SELECT lottery_id, status, -1, -price, -winning_amount FROM old_rows) d
   GROUP BY lottery_id, status
  HAVING sum(n) <> 0 OR sum(a) <> 0 OR sum(w) <> 0
  ON CONFLICT (lottery_id, status)
  DO UPDATE SET tickets = s.tickets + EXCLUDED.tickets, amount = s.amount + EXCLUDED.amount,
                winnings = s.winnings + EXCLUDED.winnings;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION lottery_ticket_stats_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE lottery_ticket_stats s
     SET tickets = s.tickets - d.n, amount = s.amount - d.a, winnings = s.winnings - d.w
    FROM (SELECT lottery_id, status, count(*) AS n, sum(price) AS a, sum(winning_amount) AS w
            FROM old_rows GROUP BY lottery_id, status) d
   WHERE s.lottery_id = d.lottery_id AND s.status = d.status;
  RETURN NULL;
END
$$;
