-- A change of address waits for the link mailed to the new address: the link's token row holds
-- that address, which becomes the account's only when the link is opened. One pending change per
-- account, as for every purpose: a new request replaces the one before.
ALTER TABLE account_tokens ADD COLUMN new_email text;
ALTER TABLE account_tokens DROP CONSTRAINT account_tokens_purpose_check;
ALTER TABLE account_tokens ADD CONSTRAINT account_tokens_purpose_check
  CHECK (purpose IN ('password_reset', 'email_verification', 'email_change'));
ALTER TABLE account_tokens ADD CONSTRAINT account_tokens_new_email_check
  CHECK ((purpose = 'email_change') = (new_email IS NOT NULL));
