-- Who may try to sign in is the sign-in throttle's decision (per client and per name, in memory): an account is
-- never blocked, so the column that blocked one goes.
ALTER TABLE console_user DROP COLUMN blocked_until;
