import { isIP } from 'node:net'
import * as v from 'valibot'
import { LOG_LEVELS, type LogLevel } from './logger'
import { reservedForLists } from './market/budget'
import { apiKeyKind } from './market/upstream'

/**
 * Whose X-Forwarded-For to believe: the nearest `hops` proxies (0: nobody, the header is
 * ignored), or the proxies at these addresses and CIDR ranges.
 */
export type TrustProxy = { hops: number } | { proxies: string[] }

export type Config = {
  port: number
  host: string | undefined
  dataDir: string
  databaseUrl: string | undefined
  /** PostgreSQL connections per instance (server/db/client.ts splits them). */
  databasePoolMax: number
  clientDir: string
  /** Render the pages that show market data with it (server/site/pages.ts). */
  renderPages: boolean
  /** Coin-page renders one client may cause per minute (server/site/pages.ts). */
  coinRenderRateLimit: number
  /** Bytes of rendered coin pages kept in memory at most. */
  coinRenderCacheBytes: number
  /** Who may read the health check's detail (routes/health.ts): loopback callers, or nobody. */
  healthDetail: 'loopback' | 'off'
  siteOrigin: string | undefined
  trustProxy: TrustProxy
  trustProxyHttps: boolean
  connectSrc: string[]
  logLevel: LogLevel
  signupRateLimit: number
  signinRateLimit: number
  /** Watchlist changes per minute per client address. */
  watchlistRateLimit: number
  /** Portfolio changes (each add, edit, deletion, merge or import) per minute per client address. */
  portfolioRateLimit: number
  /** Password-reset requests per client address per hour (server/routes/recovery.ts). */
  passwordResetRateLimit: number
  /** Alerts one client address may create per minute. */
  alertsRateLimit: number
  mail: {
    /** `smtp://` or `smtps://` with any credentials; unset: messages go to `DATA_DIR/outbox`. */
    smtpUrl: string | undefined
    from: string
    /** Mails to one address an hour, whatever the account (server/auth/recovery.ts). */
    perAddressPerHour: number
  }
  /** Searches one client may make per minute on this instance (routes/search.ts). */
  searchRateLimit: number
  shutdownTimeoutMs: number
  maxConnections: number
  market: {
    upstreamUrl: string
    apiKey: string | undefined
    marketsTtlS: number
    trendingTtlS: number
    globalTtlS: number
    /** Pages of the full list (`/coins`) at most, 100 coins each. */
    listPages: number
    /** Cache lifetime of the full list's pages but the first in the default currency. */
    listTtlS: number
    /** Cache lifetime of `exchange_rates`, which converts US dollars into the other currencies. */
    exchangeRatesTtlS: number
    timeoutMs: number
    firstWaitMs: number
    /** Upstream calls in any 60 s, whatever the endpoint (server/market/budget.ts). */
    callsPerMin: number
    /** Upstream calls one client's coin-page misses may start per minute. */
    coinMissRateLimit: number
    /** How often the alerted coins on no refreshed list are asked for, per currency. */
    alertsIntervalS: number
    /** Coins' details, and coins' charts, kept in memory at most (each an LRU). */
    coinCacheEntries: number
  }
}

// CoinGecko's plans: about 5-15 calls a minute without a key (it varies with the load), 30 with
// a Demo key, 500 and up with a paid one; we stay below each.
const CALLS_PER_MIN_BY_KEY = { none: 10, demo: 25, pro: 250 } as const

function wholeNumber(min: number, max: number) {
  return v.pipe(
    v.string(),
    v.regex(/^\d+$/, `must be a whole number from ${min} to ${max}`),
    v.transform(Number),
    v.minValue(min, `must be a whole number from ${min} to ${max}`),
    v.maxValue(max, `must be a whole number from ${min} to ${max}`),
  )
}

function integer(fallback: number, min: number, max: number) {
  return v.optional(wholeNumber(min, max), String(fallback))
}

function flag(fallback: 'true' | 'false' = 'false') {
  return v.optional(
    v.pipe(
      v.string(),
      v.transform((value) => value.toLowerCase()),
      v.picklist(['true', 'false', '1', '0', 'yes', 'no'], 'must be true or false'),
      v.transform((value) => value === 'true' || value === '1' || value === 'yes'),
    ),
    fallback,
  )
}

// An address, or a network as address/prefix length.
function isAddressOrCidr(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/')
  const family = isIP(address)
  if (family === 0 || rest.length > 0) return false
  if (prefix === undefined) return true
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128)
}

// `true` is one hop, as the flag meant before TRUST_PROXY took a number or a list.
function trustProxy() {
  return v.optional(
    v.pipe(
      v.string(),
      v.rawTransform(({ dataset, addIssue, NEVER }): TrustProxy => {
        const value = dataset.value.toLowerCase()
        if (['false', 'no'].includes(value)) return { hops: 0 }
        if (['true', 'yes'].includes(value)) return { hops: 1 }
        if (/^\d+$/.test(value) && Number(value) <= 20) return { hops: Number(value) }
        const proxies = value.split(',').map((entry) => entry.trim())
        const bad = proxies.find((entry) => !isAddressOrCidr(entry))
        if (bad === undefined) return { proxies }
        addIssue({
          message: `must be false, true, a number of proxy hops (0 to 20), or a comma-separated list of proxy addresses and CIDR ranges (${JSON.stringify(bad)} is none of these)`,
        })
        return NEVER
      }),
    ),
    'false',
  )
}

const HttpUrl = v.pipe(
  v.string(),
  v.url('must be an absolute URL'),
  v.check((value) => /^https?:$/.test(new URL(value).protocol), 'must be an http(s) URL'),
)

const EnvSchema = v.object({
  PORT: integer(3000, 0, 65535),
  HOST: v.optional(v.string()),
  DATA_DIR: v.optional(v.string(), './data'),
  DATABASE_URL: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection URL'),
    ),
  ),
  DATABASE_POOL_MAX: integer(10, 3, 1000),
  CLIENT_DIR: v.optional(v.string(), 'dist/client'),
  RENDER_PAGES: flag('true'),
  COIN_RENDER_RATE_LIMIT: integer(60, 1, 100_000),
  // Every sample coin page (21 coins × 4 ranges × 6 currencies, about 140 kB each with its
  // brotli and gzip copies: 71 MB) with room for the converted currencies' most visited.
  COIN_RENDER_CACHE_MB: integer(96, 1, 4096),
  HEALTH_DETAIL: v.optional(v.picklist(['loopback', 'off'], 'must be loopback or off'), 'loopback'),
  SITE_URL: v.optional(HttpUrl),
  TRUST_PROXY: trustProxy(),
  TRUST_PROXY_HTTPS: flag(),
  CSP_CONNECT_SRC: v.optional(v.string(), ''),
  VITE_MARKET_API_URL: v.optional(v.string()),
  VITE_API_URL: v.optional(v.string()),
  LOG_LEVEL: v.optional(v.picklist(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`), 'info'),
  SIGNUP_RATE_LIMIT: integer(10, 1, 1_000_000),
  SIGNIN_RATE_LIMIT: integer(30, 1, 1_000_000),
  WATCHLIST_RATE_LIMIT: integer(120, 1, 1_000_000),
  PORTFOLIO_RATE_LIMIT: integer(60, 1, 1_000_000),
  PASSWORD_RESET_RATE_LIMIT: integer(10, 1, 1_000_000),
  ALERTS_RATE_LIMIT: integer(30, 1, 1_000_000),
  ALERTS_INTERVAL_S: integer(300, 30, 86_400),
  SMTP_URL: v.optional(
    v.pipe(
      v.string(),
      v.url('must be an smtp:// or smtps:// URL'),
      v.check(
        (value) => /^smtps?:$/.test(new URL(value).protocol),
        'must be an smtp:// or smtps:// URL',
      ),
    ),
  ),
  // An address, alone or as `Name <address>`.
  MAIL_FROM: v.optional(
    v.pipe(
      v.string(),
      v.regex(
        /^(?:[^<>]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/,
        'must be an email address, or Name <address>',
      ),
    ),
    'Coinvera <no-reply@localhost>',
  ),
  MAIL_PER_ADDRESS_PER_HOUR: integer(5, 1, 1000),
  SEARCH_RATE_LIMIT: integer(300, 1, 1_000_000),
  SHUTDOWN_TIMEOUT_MS: integer(10_000, 0, 600_000),
  MAX_CONNECTIONS: integer(1000, 1, 1_000_000),
  MARKET_UPSTREAM_URL: v.optional(HttpUrl, 'https://api.coingecko.com/api/v3'),
  COINGECKO_API_KEY: v.optional(v.string()),
  MARKETS_TTL_S: integer(60, 1, 86_400),
  TRENDING_TTL_S: integer(300, 1, 86_400),
  GLOBAL_TTL_S: integer(300, 1, 86_400),
  MARKET_LIST_PAGES: integer(20, 1, 1000),
  MARKET_LIST_TTL_S: integer(300, 1, 86_400),
  EXCHANGE_RATES_TTL_S: integer(300, 1, 86_400),
  UPSTREAM_TIMEOUT_MS: integer(8000, 100, 120_000),
  MARKET_FIRST_WAIT_MS: integer(1500, 0, 120_000),
  // Unset: a default that depends on other variables (see loadConfig).
  UPSTREAM_CALLS_PER_MIN: v.optional(wholeNumber(3, 100_000)),
  COIN_MISS_RATE_LIMIT: v.optional(wholeNumber(1, 100_000)),
  COIN_CACHE_ENTRIES: integer(1000, 1, 100_000),
})

// Values we never echo back in an error message.
const SECRET_KEYS = new Set(['DATABASE_URL', 'COINGECKO_API_KEY', 'SMTP_URL'])

export class ConfigError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ConfigError'
  }
}

/** Absolute http(s) origins of the given URLs; relative ones are our own origin already. */
function origins(values: (string | undefined)[]): string[] {
  const result = new Set<string>()
  for (const value of values) {
    if (!value) continue
    try {
      const url = new URL(value)
      if (url.protocol === 'http:' || url.protocol === 'https:') result.add(url.origin)
    } catch {
      // A relative URL points at our own origin, which 'self' covers.
    }
  }
  return [...result]
}

/** Reads the environment once at start; a bad value stops the process with one readable message. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable (`PORT=`) means "use the default", as in most container set-ups.
  const input: Record<string, string> = {}
  for (const key of Object.keys(EnvSchema.entries)) {
    const value = env[key]?.trim()
    if (value) input[key] = value
  }
  const result = v.safeParse(EnvSchema, input)
  if (!result.success) {
    const lines = result.issues.map((issue) => {
      const key = v.getDotPath(issue) ?? 'environment'
      const got = SECRET_KEYS.has(key) ? '' : ` (got ${JSON.stringify(input[key])})`
      return `  ${key}: ${issue.message}${got}`
    })
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const e = result.output
  const callsPerMin =
    e.UPSTREAM_CALLS_PER_MIN ??
    CALLS_PER_MIN_BY_KEY[apiKeyKind(e.MARKET_UPSTREAM_URL, e.COINGECKO_API_KEY)]
  // Half of the coin pages' share: one client alone can never spend it.
  const coinShare = callsPerMin - reservedForLists(callsPerMin)
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    clientDir: e.CLIENT_DIR,
    renderPages: e.RENDER_PAGES,
    coinRenderRateLimit: e.COIN_RENDER_RATE_LIMIT,
    coinRenderCacheBytes: e.COIN_RENDER_CACHE_MB * 2 ** 20,
    healthDetail: e.HEALTH_DETAIL,
    siteOrigin: e.SITE_URL ? new URL(e.SITE_URL).origin : undefined,
    trustProxy: e.TRUST_PROXY,
    trustProxyHttps: e.TRUST_PROXY_HTTPS,
    connectSrc: origins([...e.CSP_CONNECT_SRC.split(/\s+/), e.VITE_MARKET_API_URL, e.VITE_API_URL]),
    logLevel: e.LOG_LEVEL,
    signupRateLimit: e.SIGNUP_RATE_LIMIT,
    signinRateLimit: e.SIGNIN_RATE_LIMIT,
    watchlistRateLimit: e.WATCHLIST_RATE_LIMIT,
    portfolioRateLimit: e.PORTFOLIO_RATE_LIMIT,
    passwordResetRateLimit: e.PASSWORD_RESET_RATE_LIMIT,
    alertsRateLimit: e.ALERTS_RATE_LIMIT,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      perAddressPerHour: e.MAIL_PER_ADDRESS_PER_HOUR,
    },
    searchRateLimit: e.SEARCH_RATE_LIMIT,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    maxConnections: e.MAX_CONNECTIONS,
    market: {
      upstreamUrl: e.MARKET_UPSTREAM_URL.replace(/\/+$/, ''),
      apiKey: e.COINGECKO_API_KEY,
      marketsTtlS: e.MARKETS_TTL_S,
      trendingTtlS: e.TRENDING_TTL_S,
      globalTtlS: e.GLOBAL_TTL_S,
      listPages: e.MARKET_LIST_PAGES,
      listTtlS: e.MARKET_LIST_TTL_S,
      exchangeRatesTtlS: e.EXCHANGE_RATES_TTL_S,
      timeoutMs: e.UPSTREAM_TIMEOUT_MS,
      firstWaitMs: e.MARKET_FIRST_WAIT_MS,
      callsPerMin,
      coinMissRateLimit: e.COIN_MISS_RATE_LIMIT ?? Math.max(1, Math.floor(coinShare / 2)),
      alertsIntervalS: e.ALERTS_INTERVAL_S,
      coinCacheEntries: e.COIN_CACHE_ENTRIES,
    },
  }
}
