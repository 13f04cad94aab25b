-- Console delivery (issue 19): the versions of each part of the console (the shell and each area)
-- that were published, which one is live, and how each does in the field. The files of a version stay
-- in the releases folder (RELEASES_DIR); who changed what is live, and when, is in audit_log
-- (target_type 'console_release', target_id the part), written in the same transaction as the change.
CREATE TABLE console_releases (
  area text NOT NULL,                     -- 'shell', 'lottery', 'finance', 'support-users', 'mines'
  version text NOT NULL,
  commit text,
  info jsonb NOT NULL,                    -- release.json and mf-manifest.json as the gate reads them
  smoke jsonb NOT NULL,                   -- the smoke load the CLI ran before publishing: {status, message}
  published_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  published_by text NOT NULL,
  replaced text,                          -- what was live before it the last time it went live forward
  last_live_at timestamptz,               -- null: never live
  PRIMARY KEY (area, version)
);

-- One row per part, always there, so a change locks it (SELECT ... FOR UPDATE) even before the first.
CREATE TABLE console_live (
  area text PRIMARY KEY,
  version text,                           -- null: nothing published yet
  previous text,                          -- where a rollback goes, and what the console falls back to
  since timestamptz,
  by text,
  action text,
  FOREIGN KEY (area, version) REFERENCES console_releases (area, version)
);
INSERT INTO console_live (area) VALUES ('shell'), ('lottery'), ('finance'), ('support-users'), ('mines');

-- What the console's error boundaries report: an area version loaded, or failed (bounded texts).
CREATE TABLE console_field_reports (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT clock_timestamp(),
  area text NOT NULL,
  version text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('load', 'failure')),
  session text NOT NULL,
  admin_id integer,
  route text,
  message text,
  stack text
);
CREATE INDEX console_field_reports_version_idx ON console_field_reports (area, version, at DESC);
CREATE INDEX console_field_reports_at_idx ON console_field_reports (at);

-- The ops role (issue 19): the Releases screen and its routes.
ALTER TABLE admins DROP CONSTRAINT admins_roles_known;
ALTER TABLE admins ADD CONSTRAINT admins_roles_known CHECK (
  cardinality(roles) > 0
  AND roles <@ ARRAY['superadmin', 'lottery', 'finance', 'support-users', 'mines', 'auditor', 'ops']::text[]
);
