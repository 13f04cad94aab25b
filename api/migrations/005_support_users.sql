-- Indexes behind the support and user lists (GET /admin/support, GET /admin/user): every filter and every
-- sort of spec section 7 is served by an index at `seed --scale 1` (checked with EXPLAIN on PostgreSQL).
--
-- Users: the lists show only users that are not deleted, so these are partial indexes (a count of live
-- users is an index-only scan). Each sort orders by the field, then created_at and id in the same
-- direction, which a backward scan serves too; name and last_login keep NULLs last in both directions,
-- hence one index per direction. Username and email sort on lower(...): the unique indexes of 001 serve
-- them; their prefix searches use the text_pattern_ops indexes of 002.
CREATE INDEX users_live_created_idx ON users (created_at, id) WHERE deleted_at IS NULL;
CREATE INDEX users_live_status_idx ON users (status, created_at, id) WHERE deleted_at IS NULL;
CREATE INDEX users_live_role_idx ON users (role, created_at, id) WHERE deleted_at IS NULL;
CREATE INDEX users_live_name_asc_idx ON users (lower(name) ASC NULLS LAST, created_at ASC, id ASC)
  WHERE deleted_at IS NULL;
CREATE INDEX users_live_name_desc_idx ON users (lower(name) DESC NULLS LAST, created_at DESC, id DESC)
  WHERE deleted_at IS NULL;
CREATE INDEX users_live_login_asc_idx ON users (last_login ASC NULLS LAST, created_at ASC, id ASC)
  WHERE deleted_at IS NULL;
CREATE INDEX users_live_login_desc_idx ON users (last_login DESC NULLS LAST, created_at DESC, id DESC)
  WHERE deleted_at IS NULL;

-- Support tickets: status and type sorts/filters with the created_at, id tie-break. The username filter
-- finds the users by prefix (002) and then their tickets (support_tickets_user_idx of 001); the day filter
-- and the createdAt sort use support_tickets_created_idx (001).
CREATE INDEX support_tickets_status_created_idx ON support_tickets (status, created_at, id);
CREATE INDEX support_tickets_type_created_idx ON support_tickets (type, created_at, id);
