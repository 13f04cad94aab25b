-- Indexes for the search filters of the list calls (spec section 7): prefix searches on names,
-- ticket history per lottery and status, deposits by payment id.
CREATE INDEX users_username_pattern_idx ON users (lower(username) text_pattern_ops);
CREATE INDEX users_email_pattern_idx ON users (lower(email) text_pattern_ops);
CREATE INDEX lottery_tickets_lottery_status_idx ON lottery_tickets (lottery_id, status, created_at DESC);
CREATE INDEX transactions_payment_id_idx ON transactions (payment_id);
CREATE INDEX support_tickets_type_idx ON support_tickets (type, created_at DESC);
