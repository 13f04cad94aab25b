-- A payout's successful chain send, committed in a statement of its own right after the send and before
-- the withdrawal is completed (issue 21): a connection lost between the two can no longer leave money
-- sent with nothing in the database saying so. A claimed withdrawal with a row here is completed with
-- this hash and never sent again (modules/payout/worker.ts), also by another replica after a restart.
-- No foreign key to withdrawals: the record outlives anything done to that table (a TRUNCATE of it in
-- tests included), it is only ever looked up by id.
CREATE TABLE payout_sent (
  withdrawal_id integer PRIMARY KEY,
  hash text NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now()
);
