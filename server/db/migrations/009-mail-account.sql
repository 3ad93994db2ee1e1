-- The account a queued message is about: deleting the account drops its unsent messages (a reset
-- link, a notice, an alert), as it drops every other row that names it.
ALTER TABLE mail_outbox ADD COLUMN account_id uuid REFERENCES accounts (id) ON DELETE CASCADE;
CREATE INDEX mail_outbox_account_idx ON mail_outbox (account_id);
