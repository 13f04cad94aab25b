-- Live queues (api/src/modules/live): every statement that changes a queue or a dashboard figure sends
-- a NOTIFY on channel 'live' naming the topic, never the data. PostgreSQL delivers a NOTIFY only when
-- its transaction commits (a rolled-back write sends nothing), to every API replica listening, and
-- merges identical ones within a transaction: an approval of 100 withdrawals is one 'withdrawals'.
-- Triggers rather than the API's own code: tickets and withdrawals are also written by the platform's
-- user-facing services and by the payout worker, which the console must see as well.
CREATE FUNCTION live_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  topic text;
BEGIN
  FOREACH topic IN ARRAY TG_ARGV LOOP
    PERFORM pg_notify('live', topic);
  END LOOP;
  RETURN NULL;
END
$$;

CREATE TRIGGER live_withdrawals AFTER INSERT OR UPDATE OR DELETE ON withdrawals
  FOR EACH STATEMENT EXECUTE FUNCTION live_notify('withdrawals', 'dashboard');
CREATE TRIGGER live_support AFTER INSERT OR UPDATE OR DELETE ON support_tickets
  FOR EACH STATEMENT EXECUTE FUNCTION live_notify('support', 'dashboard');
CREATE TRIGGER live_lotteries AFTER INSERT OR UPDATE OR DELETE ON lotteries
  FOR EACH STATEMENT EXECUTE FUNCTION live_notify('lottery', 'dashboard');
CREATE TRIGGER live_users AFTER INSERT OR UPDATE OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION live_notify('dashboard');
CREATE TRIGGER live_transactions AFTER INSERT OR UPDATE OR DELETE ON transactions
  FOR EACH STATEMENT EXECUTE FUNCTION live_notify('dashboard');
CREATE TRIGGER live_lottery_tickets AFTER INSERT OR UPDATE OR DELETE ON lottery_tickets
  FOR EACH STATEMENT EXECUTE FUNCTION live_notify('dashboard');
CREATE TRIGGER live_mine_games AFTER INSERT OR UPDATE OR DELETE ON mine_games
  FOR EACH STATEMENT EXECUTE FUNCTION live_notify('dashboard');

-- A session that ends (sign-out, revoked by its admin or a superadmin, deleted with its admin) ends
-- its event streams on every replica at once: 'session:<jti>'.
CREATE FUNCTION live_session_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('live', 'session:' || OLD.jti);
  RETURN NULL;
END
$$;
CREATE TRIGGER live_session_revoked AFTER UPDATE OF revoked_at ON admin_sessions
  FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
  EXECUTE FUNCTION live_session_ended();
CREATE TRIGGER live_session_deleted AFTER DELETE ON admin_sessions
  FOR EACH ROW EXECUTE FUNCTION live_session_ended();
