-- Price alerts by email (server/alerts/). A row goes from waiting to triggered in one conditional
-- update, and the instance whose update changed it queues the email in the same transaction.
CREATE TABLE alerts (
  id uuid PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  coin_id text NOT NULL,
  currency text NOT NULL,
  direction text NOT NULL CHECK (direction IN ('above', 'below')),
  threshold double precision NOT NULL CHECK (threshold > 0),
  state text NOT NULL CHECK (state IN ('waiting', 'triggered', 'rearming')),
  created_at timestamptz NOT NULL,
  triggered_at timestamptz,
  triggered_price double precision,
  triggered_source text,
  -- The SHA-256 (hex) of the one-click delete link in its email (set when it fires): it deletes
  -- this alert only, and signs nobody in.
  delete_token_hash text UNIQUE
);

CREATE INDEX alerts_account_idx ON alerts (account_id, created_at);
-- What a refresh evaluates: the alerts not triggered, per currency and coin.
CREATE INDEX alerts_armed_idx ON alerts (currency, coin_id) WHERE state <> 'triggered';
