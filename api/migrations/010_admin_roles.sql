-- Roles per area (issue 13). An admin holds one or more of the governance roles of
-- shared/src/contract/permissions.ts; the old single role becomes: superadmin -> {superadmin},
-- admin (could do everything but manage admins) -> every area role.
ALTER TABLE admins ADD COLUMN roles text[];
UPDATE admins
   SET roles = CASE WHEN role = 'superadmin' THEN ARRAY['superadmin']
                    ELSE ARRAY['lottery', 'finance', 'support-users', 'mines'] END;
ALTER TABLE admins
  ALTER COLUMN roles SET NOT NULL,
  ADD CONSTRAINT admins_roles_known CHECK (
    cardinality(roles) > 0
    AND roles <@ ARRAY['superadmin', 'lottery', 'finance', 'support-users', 'mines', 'auditor']::text[]
  ),
  DROP COLUMN role,
  -- Created with a one-time password: the next sign-in may only change it.
  ADD COLUMN must_change_password boolean NOT NULL DEFAULT false,
  -- 2FA reset by a superadmin: the next sign-in must set it up again, even with TWO_FACTOR=optional.
  ADD COLUMN two_factor_setup_required boolean NOT NULL DEFAULT false;
-- The superadmin guard counts these.
CREATE INDEX admins_superadmins ON admins (id) WHERE 'superadmin' = ANY (roles);

-- 'password-change': the token a one-time password gives, valid only to change it.
ALTER TABLE admin_sessions DROP CONSTRAINT admin_sessions_scope_check;
ALTER TABLE admin_sessions
  ADD CONSTRAINT admin_sessions_scope_check CHECK (scope IN ('session', '2fa-setup', 'password-change')),
  -- Shown in the admin's list of their sessions.
  ADD COLUMN ip text,
  ADD COLUMN user_agent text;
