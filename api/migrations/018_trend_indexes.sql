-- The dashboard's 30-day trends (src/modules/dashboard/trends.ts) read each series as one range of
-- one of these partial indexes, grouped by day: the rows the series counts, by time, with the amount
-- it sums included, so the read is an index-only scan of the last 30 days, whatever the table's size.
CREATE INDEX transactions_completed_trend_idx ON transactions (created_at) INCLUDE (amount)
  WHERE status = 'completed';
CREATE INDEX withdrawals_paid_trend_idx ON withdrawals (created_at) INCLUDE (amount)
  WHERE status IN ('approved', 'completed');
CREATE INDEX lottery_tickets_sold_trend_idx ON lottery_tickets (created_at) INCLUDE (price)
  WHERE status <> 'cancelled';
CREATE INDEX mine_games_played_trend_idx ON mine_games (created_at) INCLUDE (amount)
  WHERE outcome IS DISTINCT FROM 'cancelled';
-- Users: users_live_created_idx (created_at, id) WHERE deleted_at IS NULL (migration 005) serves.
