-- Finance (withdrawals, deposits "transactions", payouts): indexes for the sorts and filters of
-- GET /admin/withdrawal and GET /admin/transactions (spec section 7) and for the payout worker.
-- Every sort is `ORDER BY <column> <dir>, id <dir>`, so each sortable column has a (column, id) index whose
-- two keys go the same way (read forwards for asc, backwards for desc).

-- Withdrawals: sort by amount / status; the payout worker's queue (approved, not in flight).
CREATE INDEX withdrawals_amount_idx ON withdrawals (amount DESC, id DESC);
CREATE INDEX withdrawals_status_id_idx ON withdrawals (status, id);
CREATE INDEX withdrawals_payout_queue_idx ON withdrawals (id) WHERE status = 'approved';

-- User search of the withdrawal list (user_name matches a prefix of the username or of the name).
CREATE INDEX users_name_pattern_idx ON users (lower(name) text_pattern_ops);

-- Deposits: sort by amount / status / currency; prefix search on the payment address.
CREATE INDEX transactions_amount_idx ON transactions (amount DESC, id DESC);
CREATE INDEX transactions_status_id_idx ON transactions (status, id);
CREATE INDEX transactions_currency_idx ON transactions (currency, id);
CREATE INDEX transactions_pay_address_pattern_idx ON transactions (lower(pay_address) text_pattern_ops);
