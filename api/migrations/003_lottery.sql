-- Lottery area (issue 3): prize rounding rule, per-lottery ticket totals, draw audit columns and the
-- indexes of the lottery lists and the ticket history.

-- Prize of one rank: total_pool * percentage / 100, rounded DOWN to the cent. The admin profit is
-- whatever the prizes leave of the pool (pool - sum(prizes)), so prizes + admin profit = pool exactly
-- and rounding can only favour the house by less than one cent per rank, never create money.
CREATE FUNCTION lottery_prize(p_pool numeric, p_percentage numeric) RETURNS numeric
LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT floor(p_pool * p_percentage) / 100
$$;

-- Ticket totals per lottery and ticket status, kept by statement-level triggers, so the lists show
-- total_pool / current_participants and the ticket history counts its rows without scanning tickets.
CREATE TABLE lottery_ticket_stats (
  lottery_id integer NOT NULL REFERENCES lotteries (id) ON DELETE CASCADE,
  status text NOT NULL,
  tickets bigint NOT NULL DEFAULT 0,
  amount numeric(20, 8) NOT NULL DEFAULT 0,
  PRIMARY KEY (lottery_id, status)
);
CREATE INDEX lottery_ticket_stats_status_idx ON lottery_ticket_stats (status);

INSERT INTO lottery_ticket_stats (lottery_id, status, tickets, amount)
SELECT lottery_id, status, count(*), sum(price) FROM lottery_tickets GROUP BY lottery_id, status;

CREATE FUNCTION lottery_ticket_stats_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lottery_ticket_stats AS s (lottery_id, status, tickets, amount)
  SELECT lottery_id, status, count(*), sum(price) FROM new_rows GROUP BY lottery_id, status
  ON CONFLICT (lottery_id, status)
  DO UPDATE SET tickets = s.tickets + EXCLUDED.tickets, amount = s.amount + EXCLUDED.amount;
  RETURN NULL;
END
$$;

CREATE FUNCTION lottery_ticket_stats_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lottery_ticket_stats AS s (lottery_id, status, tickets, amount)
  SELECT lottery_id, status, sum(n), sum(a)
    FROM (SELECT lottery_id, status, 1 AS n, price AS a FROM new_rows
          UNION ALL
          SELECT lottery_id, status, -1, -price FROM old_rows) d
   GROUP BY lottery_id, status
  HAVING sum(n) <> 0 OR sum(a) <> 0
  ON CONFLICT (lottery_id, status)
  DO UPDATE SET tickets = s.tickets + EXCLUDED.tickets, amount = s.amount + EXCLUDED.amount;
  RETURN NULL;
END
$$;

CREATE FUNCTION lottery_ticket_stats_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE lottery_ticket_stats s
     SET tickets = s.tickets - d.n, amount = s.amount - d.a
    FROM (SELECT lottery_id, status, count(*) AS n, sum(price) AS a FROM old_rows GROUP BY lottery_id, status) d
   WHERE s.lottery_id = d.lottery_id AND s.status = d.status;
  RETURN NULL;
END
$$;

CREATE FUNCTION lottery_ticket_stats_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM lottery_ticket_stats;
  RETURN NULL;
END
$$;

CREATE TRIGGER lottery_ticket_stats_insert AFTER INSERT ON lottery_tickets
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lottery_ticket_stats_insert();
CREATE TRIGGER lottery_ticket_stats_update AFTER UPDATE ON lottery_tickets
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lottery_ticket_stats_update();
CREATE TRIGGER lottery_ticket_stats_delete AFTER DELETE ON lottery_tickets
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lottery_ticket_stats_delete();
CREATE TRIGGER lottery_ticket_stats_truncate AFTER TRUNCATE ON lottery_tickets
  FOR EACH STATEMENT EXECUTE FUNCTION lottery_ticket_stats_truncate();

-- Draw audit: who published a draw, when, and which ranks were replaced by hand
-- ([{ rank, drawn_ticket_number, ticket_number }]; drawn_ticket_number is null when the rank was not drawn).
ALTER TABLE lottery_draws
  ADD COLUMN published_by integer REFERENCES admins (id),
  ADD COLUMN published_at timestamptz,
  ADD COLUMN replaced jsonb;

-- Lists by status (the status follows the clock: the conditions are on start/end, not on a stored status).
CREATE INDEX lotteries_pending_start_idx ON lotteries (start_time, id) WHERE deleted_at IS NULL AND NOT prize_distributed;
CREATE INDEX lotteries_pending_end_idx ON lotteries (end_time, id) WHERE deleted_at IS NULL AND NOT prize_distributed;
CREATE INDEX lotteries_completed_idx ON lotteries (end_time DESC, id DESC) WHERE deleted_at IS NULL AND prize_distributed;
CREATE INDEX lotteries_created_idx ON lotteries (created_at DESC, id DESC) WHERE deleted_at IS NULL;

-- Ticket history: each filter walks an index in the list order (created_at DESC, id DESC). These two
-- replace the (status, created_at) and (lottery_id, status, created_at) indexes of 001/002.
DROP INDEX lottery_tickets_status_idx;
DROP INDEX lottery_tickets_lottery_status_idx;
CREATE INDEX lottery_tickets_status_created_idx ON lottery_tickets (status, created_at DESC, id DESC);
CREATE INDEX lottery_tickets_lottery_status_created_idx
  ON lottery_tickets (lottery_id, status, created_at DESC, id DESC);
