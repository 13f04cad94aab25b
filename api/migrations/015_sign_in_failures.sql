-- Failed sign-ins are security events, not audit rows (issue 21): one row per subject, window and reason
-- with a count, so anonymous guesses cannot grow a table by a row each. The subject is the account
-- ('admin:<id>') when the e-mail names one, else the client's IP ('ip:<address>'): unknown e-mails are
-- aggregated per IP, and the e-mail an anonymous client typed is kept only cut short (the last one tried).
CREATE TABLE sign_in_failures (
  id bigserial PRIMARY KEY,
  window_start timestamptz NOT NULL,      -- the start of the hour (UTC) the failures fell in
  subject text NOT NULL CHECK (length(subject) <= 80),
  reason text NOT NULL CHECK (reason IN ('unknown-email', 'wrong-password', 'wrong-code', 'blocked')),
  admin_id integer,                       -- null: an unknown e-mail
  email text CHECK (length(email) <= 254),  -- the account's, or the last unknown one tried (bounded)
  ip text CHECK (length(ip) <= 64),       -- the last client IP
  attempts integer NOT NULL DEFAULT 1 CHECK (attempts > 0),
  first_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  last_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE UNIQUE INDEX sign_in_failures_key ON sign_in_failures (subject, window_start, reason);
CREATE INDEX sign_in_failures_last_idx ON sign_in_failures (last_at DESC, id DESC);
CREATE INDEX sign_in_failures_admin_idx ON sign_in_failures (admin_id, last_at DESC);

-- Audit retention (AUDIT_RETENTION_DAYS): rows older than the policy move here, with the same columns and
-- values. Append-only like audit_log: UPDATE, DELETE and TRUNCATE are refused, also in replica mode.
CREATE TABLE audit_log_archive (
  id bigint PRIMARY KEY,
  at timestamptz NOT NULL,
  admin_id integer,
  admin_email text,
  action text NOT NULL,
  target_type text,
  target_id text,
  before jsonb,
  after jsonb,
  ip text,
  request_id text,
  details jsonb
);
CREATE INDEX audit_log_archive_at_idx ON audit_log_archive (at DESC, id DESC);

CREATE FUNCTION audit_log_archive_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log_archive is append-only: % is not allowed', TG_OP USING ERRCODE = 'restrict_violation';
END
$$;
CREATE TRIGGER audit_log_archive_no_update_delete BEFORE UPDATE OR DELETE ON audit_log_archive
  FOR EACH ROW EXECUTE FUNCTION audit_log_archive_append_only();
CREATE TRIGGER audit_log_archive_no_truncate BEFORE TRUNCATE ON audit_log_archive
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_archive_append_only();
ALTER TABLE audit_log_archive ENABLE ALWAYS TRIGGER audit_log_archive_no_update_delete;
ALTER TABLE audit_log_archive ENABLE ALWAYS TRIGGER audit_log_archive_no_truncate;

-- audit_log stays append-only, with one exit: a row may be deleted once its exact copy is in the archive
-- (which nobody can change or delete), so archiving never loses or edits a record.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND TG_LEVEL = 'ROW' AND EXISTS (
    SELECT 1 FROM audit_log_archive a
     WHERE a.id = OLD.id
       AND (a.at, a.admin_id, a.admin_email, a.action, a.target_type, a.target_id, a.before, a.after, a.ip,
            a.request_id, a.details)
           IS NOT DISTINCT FROM
           (OLD.at, OLD.admin_id, OLD.admin_email, OLD.action, OLD.target_type, OLD.target_id, OLD.before,
            OLD.after, OLD.ip, OLD.request_id, OLD.details)
  ) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP USING ERRCODE = 'restrict_violation';
END
$$;
