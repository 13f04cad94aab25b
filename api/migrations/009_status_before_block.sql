-- Unblock restores the status the user had right before the block (issue 12): the block stores it here,
-- leaving 'blocked' clears it. It is only ever set while the user is blocked, and only to a status that
-- can be blocked. Users blocked before this migration have none and unblock to 'active'.
ALTER TABLE users ADD COLUMN status_before_block text
  CHECK (status_before_block IN ('active', 'inactive')),
  ADD CONSTRAINT users_status_before_block_only_blocked
    CHECK (status_before_block IS NULL OR status = 'blocked');
