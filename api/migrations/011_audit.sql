-- Audit trail (issue 13): one row per state change, written in the same transaction as the change.
-- Append-only: UPDATE, DELETE and TRUNCATE are refused by triggers (an auditor must trust the rows).
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT clock_timestamp(),
  admin_id integer,                       -- null: a system action (payout worker) or a sign-in of an unknown e-mail
  admin_email text,                       -- as known at the time (kept when the admin is renamed or removed)
  action text NOT NULL,                   -- the route catalogue's audit action, e.g. 'withdrawal.update'
  target_type text,                       -- 'withdrawal', 'lottery', 'user', 'admin', ...
  target_id text,
  before jsonb,
  after jsonb,
  ip text,
  request_id text,
  details jsonb
);
CREATE INDEX audit_log_at_idx ON audit_log (at DESC, id DESC);
CREATE INDEX audit_log_admin_idx ON audit_log (admin_id, at DESC);
CREATE INDEX audit_log_admin_email_idx ON audit_log (lower(admin_email), at DESC);
CREATE INDEX audit_log_action_idx ON audit_log (action, at DESC);
CREATE INDEX audit_log_target_idx ON audit_log (target_type, target_id, at DESC);

CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP USING ERRCODE = 'restrict_violation';
END
$$;
CREATE TRIGGER audit_log_no_update_delete BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();

-- Console settings a superadmin changes at run time (four_eyes_threshold overrides FOUR_EYES_THRESHOLD).
CREATE TABLE settings (
  key text PRIMARY KEY,
  value text NOT NULL,
  updated_by integer,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Four-eyes: a large withdrawal's first approval moves it to 'awaiting_approval' and names its admin;
-- a different admin's approval moves it to 'approved' (only then the payout worker pays it).
ALTER TABLE withdrawals DROP CONSTRAINT withdrawals_status_check;
ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_status_check CHECK (status IN (
  'waiting', 'pending', 'awaiting_approval', 'approved', 'rejected', 'cancelled', 'pending_otp', 'completed'));
ALTER TABLE withdrawals ADD COLUMN first_approved_by integer REFERENCES admins (id),
  ADD COLUMN first_approved_at timestamptz;
