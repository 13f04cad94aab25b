-- Real payouts (EvmChain): the signed transfer of each payout is stored and committed BEFORE it is
-- broadcast. A worker that restarts, or retakes a stale claim, finds the row by reference and looks the
-- transaction up (or broadcasts the same signed bytes again) instead of signing a second transfer.
CREATE TABLE payouts (
  reference text PRIMARY KEY,                  -- 'withdrawal:<id>', the ChainClient's idempotency key
  chain_id bigint NOT NULL,
  token_address text NOT NULL,
  from_address text NOT NULL,                  -- the hot wallet (lowercase 0x)
  to_address text NOT NULL,
  amount numeric(38, 18) NOT NULL,             -- the exact decimal amount paid
  units numeric(78, 0) NOT NULL,               -- the same in the token's base units (10^decimals)
  nonce bigint NOT NULL,
  tx_hash text NOT NULL,
  raw_tx text NOT NULL,                        -- the signed transaction, re-broadcast as is, never re-signed
  status text NOT NULL CHECK (status IN ('sent', 'confirmed', 'reverted')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- One stored transaction per nonce of a signer: two replicas can never sign different transfers with one nonce.
CREATE UNIQUE INDEX payouts_signer_nonce_idx ON payouts (chain_id, from_address, nonce);
CREATE UNIQUE INDEX payouts_tx_hash_idx ON payouts (tx_hash);
