-- What several instances on one PostgreSQL (DATABASE_URL) share; on PGlite these stay empty (one
-- instance keeps all of it in memory). Times are milliseconds since the epoch, as the servers' clocks give them.

-- The market cache, one row per cache key: the JSON as the API sends it, when it was fetched,
-- and after a failed refresh until when nobody calls the upstream for it (and why).
CREATE TABLE market_rows (
  key text PRIMARY KEY,
  body text,
  fetched_at bigint,
  retry_at bigint NOT NULL DEFAULT 0,
  failure text
);

-- The upstream calls of the last minute, for the one call budget of the deployment.
CREATE TABLE upstream_calls (
  at bigint NOT NULL,
  kind text NOT NULL
);
CREATE INDEX upstream_calls_at_idx ON upstream_calls (at);

-- Rate limits and failed sign-in counters: one fixed window per scope and key.
CREATE TABLE rate_counters (
  scope text NOT NULL,
  key text NOT NULL,
  count integer NOT NULL,
  ends_at bigint NOT NULL,
  PRIMARY KEY (scope, key)
);
CREATE INDEX rate_counters_ends_at_idx ON rate_counters (ends_at);
