-- Each account's watched coins, by CoinGecko id (never by symbol: symbols are not unique).
-- Adding a coin twice is a no-op by the key; the cap (200) is checked under a lock on the
-- account's row (server/db/watchlist.ts).
CREATE TABLE watchlist (
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  coin_id text NOT NULL,
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, coin_id)
);
