-- A renewed session keeps its sign-in: the id every session of one sign-in shares (the jti of the session
-- the sign-in opened) and when it was, so renewals end SESSION_MAX_HOURS after it
-- (docs/operations.md#limits-that-protect-the-console). Sessions before this migration began their sign-in.
ALTER TABLE admin_sessions ADD COLUMN sign_in text, ADD COLUMN signed_in_at timestamptz;
UPDATE admin_sessions SET sign_in = jti, signed_in_at = created_at;
ALTER TABLE admin_sessions ALTER COLUMN sign_in SET NOT NULL, ALTER COLUMN signed_in_at SET NOT NULL;
