-- State shared by the API replicas when REDIS_URL is not set (src/lib/shared-store/postgres.ts):
-- sign-in attempt counters and locks, revoked sessions, the dashboard cache. Times are epoch
-- milliseconds of the API's clock; a row is dead once expires_at has passed (swept lazily).
CREATE TABLE shared_state (
  key text PRIMARY KEY,
  value text,
  count integer NOT NULL DEFAULT 0,
  lock_until bigint NOT NULL DEFAULT 0,
  expires_at bigint NOT NULL
);
CREATE INDEX shared_state_expires_at ON shared_state (expires_at);

-- takeStep of src/lib/shared-store/index.ts, atomically: the upsert locks the key's row, so parallel
-- calls run one after another. Returns the wait in ms (0 = the attempt was counted).
CREATE FUNCTION shared_take(p_key text, p_now bigint, p_max integer, p_window bigint, p_lock bigint,
                            p_max_lock bigint) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  c integer;
  l bigint;
  e bigint;
BEGIN
  INSERT INTO shared_state AS s (key, expires_at) VALUES (p_key, 0)
  ON CONFLICT (key) DO UPDATE SET key = s.key
  RETURNING s.count, s.lock_until, s.expires_at INTO c, l, e;
  IF e <= p_now THEN
    c := 0; l := 0; e := NULL;
  END IF;
  IF p_now < l THEN
    RETURN l - p_now;
  END IF;
  c := c + 1;
  l := 0;
  IF p_lock > 0 THEN
    IF c >= p_max THEN
      l := p_now + least(p_max_lock, p_lock * (2::bigint ^ least(c - p_max, 30))::bigint);
    END IF;
    e := greatest(p_now, l) + p_window;
  ELSE
    IF e IS NULL THEN
      e := p_now + p_window;
    END IF;
    IF c >= p_max THEN
      l := e;
    END IF;
  END IF;
  UPDATE shared_state SET count = c, lock_until = l, expires_at = e, value = NULL WHERE key = p_key;
  RETURN 0;
END $$;
