-- Each account's portfolio transactions (server/db/portfolio.ts). Amounts are numeric: exact
-- decimals, as the site computes with them, so the database can check that no sell takes more
-- than the holding at its date. `seq` orders transactions entered at the same time.
CREATE TABLE portfolio_transactions (
  id uuid PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  seq bigint GENERATED ALWAYS AS IDENTITY,
  type text NOT NULL CHECK (type IN ('buy', 'sell', 'transfer_in', 'transfer_out')),
  coin_id text NOT NULL,
  quantity numeric NOT NULL CHECK (quantity > 0),
  price numeric CHECK (price >= 0),
  currency text NOT NULL,
  at timestamptz NOT NULL,
  fee numeric NOT NULL CHECK (fee >= 0),
  note text NOT NULL
);

CREATE INDEX portfolio_transactions_account_idx ON portfolio_transactions (account_id, seq);
