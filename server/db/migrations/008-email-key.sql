-- Accounts are found by their address's key (contract/email.ts), computed by the server, never by
-- PostgreSQL's locale-dependent lower(). Every stored address passed the sign-up schema's email
-- check, which allows ASCII only, so lower() of the trimmed address is that key for existing rows.
ALTER TABLE accounts ADD COLUMN email_key text;
UPDATE accounts SET email_key = lower(btrim(email));
ALTER TABLE accounts ALTER COLUMN email_key SET NOT NULL;
DROP INDEX accounts_email_lower_key;
CREATE UNIQUE INDEX accounts_email_key_key ON accounts (email_key);
