-- One-time tokens sent by email (server/auth/tokens.ts): only their SHA-256 (hex) is stored. One
-- per account and purpose: a new one replaces the one before.
CREATE TABLE account_tokens (
  token_hash text PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('password_reset', 'email_verification')),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);

CREATE UNIQUE INDEX account_tokens_account_purpose_key ON account_tokens (account_id, purpose);

ALTER TABLE accounts ADD COLUMN email_verified_at timestamptz;
