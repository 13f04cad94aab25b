-- Live events only for statements that changed rows. A statement trigger fires for any statement, and
-- the payout worker's claim (an UPDATE of withdrawals run every second that mostly matches nothing) told
-- every console 'withdrawals' and 'dashboard' at each run: each one read its lists and badges again.
-- A trigger with a transition table serves one event only: three per table.
DROP TRIGGER live_withdrawals ON withdrawals;
DROP TRIGGER live_support ON support_tickets;
DROP TRIGGER live_lotteries ON lotteries;
DROP TRIGGER live_users ON users;
DROP TRIGGER live_transactions ON transactions;
DROP TRIGGER live_lottery_tickets ON lottery_tickets;
DROP TRIGGER live_mine_games ON mine_games;
DROP FUNCTION live_notify();

CREATE FUNCTION live_notify_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  topic text;
BEGIN
  IF EXISTS (SELECT 1 FROM changed) THEN
    FOREACH topic IN ARRAY TG_ARGV LOOP
      PERFORM pg_notify('live', topic);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;

DO $$
DECLARE
  target record;
BEGIN
  FOR target IN
    SELECT * FROM (VALUES
      ('withdrawals', $t$'withdrawals', 'dashboard'$t$),
      ('support_tickets', $t$'support', 'dashboard'$t$),
      ('lotteries', $t$'lottery', 'dashboard'$t$),
      ('users', $t$'dashboard'$t$),
      ('transactions', $t$'dashboard'$t$),
      ('lottery_tickets', $t$'dashboard'$t$),
      ('mine_games', $t$'dashboard'$t$)
    ) AS t(tbl, topics)
  LOOP
    EXECUTE format('CREATE TRIGGER live_%1$s_insert AFTER INSERT ON %1$I REFERENCING NEW TABLE AS changed '
      'FOR EACH STATEMENT EXECUTE FUNCTION live_notify_changed(%2$s)', target.tbl, target.topics);
    EXECUTE format('CREATE TRIGGER live_%1$s_update AFTER UPDATE ON %1$I REFERENCING NEW TABLE AS changed '
      'FOR EACH STATEMENT EXECUTE FUNCTION live_notify_changed(%2$s)', target.tbl, target.topics);
    EXECUTE format('CREATE TRIGGER live_%1$s_delete AFTER DELETE ON %1$I REFERENCING OLD TABLE AS changed '
      'FOR EACH STATEMENT EXECUTE FUNCTION live_notify_changed(%2$s)', target.tbl, target.topics);
  END LOOP;
END $$;
