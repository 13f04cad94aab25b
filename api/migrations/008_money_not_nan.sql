-- NUMERIC accepts 'NaN', and NaN passes "amount > 0" (PostgreSQL sorts NaN above every number): a NaN
-- amount would poison balances through the ledger trigger and break every list that shows it. Refused here.
ALTER TABLE users ADD CONSTRAINT users_balance_not_nan CHECK (balance <> 'NaN'),
  ADD CONSTRAINT users_winnings_not_nan CHECK (winnings <> 'NaN');
ALTER TABLE transactions ADD CONSTRAINT transactions_amount_not_nan CHECK (amount <> 'NaN');
ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_amount_not_nan CHECK (amount <> 'NaN');
ALTER TABLE lotteries ADD CONSTRAINT lotteries_ticket_price_not_nan CHECK (ticket_price <> 'NaN');
ALTER TABLE lottery_tickets ADD CONSTRAINT lottery_tickets_price_not_nan CHECK (price <> 'NaN'),
  ADD CONSTRAINT lottery_tickets_winning_amount_not_nan CHECK (winning_amount <> 'NaN');
ALTER TABLE mine_games ADD CONSTRAINT mine_games_amount_not_nan CHECK (amount <> 'NaN'),
  ADD CONSTRAINT mine_games_payout_not_nan CHECK (payout <> 'NaN');
ALTER TABLE ledger ADD CONSTRAINT ledger_amount_not_nan CHECK (amount <> 'NaN');
