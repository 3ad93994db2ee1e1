import { Hono } from 'hono'
import type { Currency } from '@contract/currency'
import type { Config } from './config'
import type { AppEnv } from './context'
import type { RecoveryDeps } from './auth/recovery'
import { SignInLimits } from './auth/sign-in-limits'
import { type Background, background } from './background'
import { alertRate } from './alerts/converted'
import { AlertWatch } from './alerts/watch'
import { accountTokenStore } from './db/account-tokens'
import { alertStore } from './db/alerts'
import { accountStore } from './db/accounts'
import { type Db, poolSizes } from './db/client'
import { sessionStore } from './db/sessions'
import { portfolioStore } from './db/portfolio'
import { watchlistStore } from './db/watchlist'
import { apiError, errorResponse, toErrorResponse } from './errors'
import type { Logger } from './logger'
import { type Clock, systemClock } from './clock'
import { loadSample, type Sample } from './market/sample'
import { createMarket, type MarketCaches } from './market/service'
import { watchPrices } from './market/watch-prices'
import type { CoinPages } from './market/coins'
import type { MarketLists } from './market/lists'
import type { FetchFn } from './market/upstream'
import { type Coordinator, createCoordinator } from './shared-state/coordinator'
import { RateLimiter } from './limits/rate-limiter'
import { createMailer, type Mailer } from './mail/mailer'
import { requestLog } from './middleware/request-log'
import { contentSecurityPolicy, securityHeaders } from './middleware/security-headers'
import { sessionCookies } from './auth/session-cookie'
import { clientAddress, viewer } from './middleware/request-context'
import { sameOrigin } from './middleware/same-origin'
import { accountRoutes } from './routes/account'
import { accountDetails } from './auth/account-details'
import { alertRoutes } from './routes/alerts'
import { authRoutes } from './routes/auth'
import { healthRoutes } from './routes/health'
import { clientMissGate, marketRoutes } from './routes/market'
import { costRates, portfolioPageData, portfolioRoutes } from './routes/portfolio'
import { recoveryRoutes } from './routes/recovery'
import { searchPage, searchRoutes } from './routes/search'
import { converterPage } from './routes/converter'
import { siteRoutes } from './routes/site'
import { watchlistRoutes } from './routes/watchlist'
import { CoinSearch, heldMarketRows } from './search/coin-search'
import { readBuild } from './site/manifest'
import { createPageRenderer, type Render } from './site/pages'

export type AppDeps = {
  config: Config
  db: Db
  logger: Logger
  clock?: Clock
  /** The upstream's fetch; tests point the real client at a fake server instead. */
  fetch?: FetchFn
  sample?: Sample
  /** The route renderer (server/site/pages.ts); without it, pages are served as prerendered. */
  render?: Render | null
  /** How often the mail queue is polled (server/mail/queue.ts, `POLL_MS`); tests poll faster. */
  mailPollMs?: number
}

export type App = {
  app: Hono<AppEnv>
  caches: MarketCaches
  coins: CoinPages
  lists: MarketLists
  /** What the instances share (stopped with the server). */
  shared: Coordinator
  /** How many files the site serves (0: no build found). */
  siteFiles: number
  /** The mail queue's sender, started and stopped with the server. */
  mailer: Mailer
  /** The price alerts' evaluation on refreshes and alerted-coins query, started with the server. */
  alerts: { watch: AlertWatch; start(): void; stop(): Promise<void> }
  /** Work finished after its request's answer, awaited before the database closes. */
  background: Background
}

export function createApp(deps: AppDeps): App {
  const { config, db, logger } = deps
  const clock = deps.clock ?? systemClock
  const build = readBuild(config.clientDir, config.siteOrigin)
  // Where limits and market data are shared: memory on PGlite, the database on PostgreSQL.
  const shared = createCoordinator({
    db,
    clock,
    logger,
    callsPerMin: config.market.callsPerMin,
    upstreamTimeoutMs: config.market.timeoutMs,
    marketPoolSize: poolSizes(config.databasePoolMax).market,
  })
  const mailer = createMailer({
    db,
    clock,
    logger,
    smtpUrl: config.mail.smtpUrl,
    from: config.mail.from,
    dataDir: config.dataDir,
    pollMs: deps.mailPollMs,
  })
  const alertStoreOf = alertStore(db)
  const siteUrl = config.siteOrigin ?? `http://localhost:${config.port}`
  const watch: AlertWatch = new AlertWatch({
    alerts: alertStoreOf,
    mailer,
    clock,
    logger,
    siteUrl,
    coinExists: (id) => coins.ids.has(id),
    coinName: (id) => coins.ids.name(id),
    // A price a refresh showed: no upstream call for a visitor's alert.
    quote: (id, currency) => watch.quote(id, currency),
    // The rates every converted list is made with: no call of the alerts' own.
    rate: (currency) => alertRate(rates, currency, clock.now()),
    intervalMs: config.market.alertsIntervalS * 1000,
  })
  const { caches, coins, lists, alerted, facts, rates, budget } = createMarket({
    onPrices: (refresh) => watch.seen(refresh),
    alertedIds: (currency) => watch.alertedIds(currency),
    shared: shared.market,
    config: config.market,
    sample: deps.sample ?? loadSample(clock.now()),
    clock,
    logger,
    fetch: deps.fetch,
  })

  const accounts = accountStore(db)
  const sessions = sessionStore(db)
  const later = background(logger)
  const HOUR = 60 * 60_000
  const recovery: RecoveryDeps = {
    accounts,
    sessions,
    tokens: accountTokenStore(db),
    clock,
    mailer,
    // Links in messages: the public origin, never a request's Host.
    siteUrl,
    resetEmails: shared.limiters('reset-emails', { limit: 3, windowMs: HOUR }),
    mailPerAddress: shared.limiters('mail-per-address', {
      limit: config.mail.perAddressPerHour,
      windowMs: HOUR,
    }),
    logger,
  }
  const signInLimits = new SignInLimits(shared.limiters)
  // Served over HTTPS: TLS ends at our proxy, or the public origin says so.
  const cookies = sessionCookies({
    secure: config.trustProxyHttps || config.siteOrigin?.startsWith('https:') === true,
    clock,
  })
  // Each hashes a password, as a sign-in does: the same allowance per client address.
  const passwordChecks = (scope: string) =>
    shared.limiters(scope, { limit: config.signinRateLimit, windowMs: 60_000 })

  const app = new Hono<AppEnv>()
  app.use(requestLog(logger, clock))
  app.use(securityHeaders({ connectSrc: config.connectSrc, hsts: config.trustProxyHttps }))
  const address = clientAddress(config.trustProxy)
  // The market data API, the busiest path, is read-only and knows no visitor: it answers before
  // the origin check and the viewer (with them, its cached reads ran a third fewer per second).
  // Misses a client may cause per minute, by the API or by coin pages: each may start an
  // upstream call.
  const clientGate = clientMissGate(
    shared.missLimiter('coin-miss', { limit: config.market.coinMissRateLimit, windowMs: 60_000 }),
  )
  app.use('/api/market/*', address)
  app.route('/api/market', marketRoutes({ caches, coins, lists, facts, rates, clientGate }))
  // What every other route may need, done once here: the client's address for rate limits, the
  // origin check of state-changing requests, the visitor (looked up only when a handler asks).
  app.use(address)
  app.use(sameOrigin({ siteOrigin: config.siteOrigin }))
  app.use(viewer({ session: { accounts, sessions, clock }, cookies }))
  app.route(
    '/api/auth',
    authRoutes({
      accounts,
      sessions,
      signUpLimiter: shared.limiters('signup', { limit: config.signupRateLimit, windowMs: 60_000 }),
      signInLimiter: passwordChecks('signin'),
      signInLimits,
      clock,
      recovery,
    }),
  )
  app.route(
    '/api/auth',
    recoveryRoutes({
      recovery,
      resetRequests: shared.limiters('reset-requests', {
        limit: config.passwordResetRateLimit,
        windowMs: HOUR,
      }),
      tokenChecks: passwordChecks('token-checks'),
      background: later,
    }),
  )
  app.route(
    '/api/account',
    accountRoutes({
      recovery,
      passwordChecks: passwordChecks('account-password'),
      passwordLimits: new SignInLimits(shared.limiters, 'session-password'),
      detailChanges: shared.limiters('account-details', {
        limit: config.signinRateLimit,
        windowMs: 60_000,
      }),
      verificationEmails: shared.limiters('verification-emails', { limit: 3, windowMs: HOUR }),
    }),
  )
  app.route(
    '/api/alerts',
    alertRoutes({
      alerts: watch.deps,
      creations: shared.limiters('alerts', { limit: config.alertsRateLimit, windowMs: 60_000 }),
      linkChecks: passwordChecks('alert-links'),
    }),
  )
  const watchlist = watchlistStore(db)
  app.route(
    '/api/watchlist',
    watchlistRoutes({
      store: watchlist,
      coinExists: (id) => coins.ids.has(id),
      limiter: shared.limiters('watchlist', {
        limit: config.watchlistRateLimit,
        windowMs: 60_000,
      }),
    }),
  )
  const portfolio = portfolioStore(db)
  app.route(
    '/api/portfolio',
    portfolioRoutes({
      store: portfolio,
      coinExists: (id) => coins.ids.has(id),
      limiter: shared.limiters('portfolio', { limit: config.portfolioRateLimit, windowMs: 60_000 }),
      rates: costRates(rates),
    }),
  )
  // Search reads what the market caches hold, never the upstream; it costs this instance's CPU
  // only, so its limit is counted here, like renders.
  const search = {
    search: new CoinSearch({
      list: () => coins.ids.list(),
      refreshList: () => void coins.ids.refresh(),
      // Every list held: the price lists, the full list's pages as visitors open them, trending.
      marketRows: heldMarketRows({
        markets: Object.values(caches.markets),
        lists: () => lists.made(),
        trending: [caches.trending],
      }),
    }),
    limiter: new RateLimiter({ limit: config.searchRateLimit, windowMs: 60_000, clock }),
  }
  coins.ids.onList(() => search.search.prepare())
  app.route('/api/search', searchRoutes(search))
  // One visitor's page: their coins' rows from the caches alone, never an upstream call.
  const cachedRows = (ids: readonly string[], currency: Currency) =>
    watchPrices(ids, currency, { caches, coins, facts, gates: [], cachedOnly: true })
  const pages =
    build && deps.render
      ? createPageRenderer({
          render: deps.render,
          caches,
          coins,
          lists,
          facts,
          build,
          logger,
          coinRenderBytes: config.coinRenderCacheBytes,
          portfolio: portfolioPageData({ store: portfolio, cachedRows, rates: costRates(rates) }),
        })
      : null
  app.route(
    '/api/health',
    healthRoutes({
      db,
      caches,
      coins,
      budget,
      logger,
      clock,
      detail: config.healthDetail,
      renders: () => pages?.coinRenderStats() ?? null,
      alertsPending: () => watch.pending,
      searchIndex: () => ({ coins: search.search.indexedCoins }),
    }),
  )
  app.all('/api/*', () => {
    throw apiError('not_found')
  })
  // Renders cost this instance's CPU: counted here, whatever other instances count.
  const renderGate = clientMissGate(
    new RateLimiter({ limit: config.coinRenderRateLimit, windowMs: 60_000, clock }),
  )
  app.route(
    '/',
    siteRoutes({
      build,
      policyFor: (hashes) => contentSecurityPolicy(config.connectSrc, hashes),
      pages,
      coinExists: (id) => coins.ids.has(id),
      clientGate,
      renderGate,
      searchPage: pages && searchPage({ ...search, pages, renderGate }),
      converterPage: pages && converterPage({ caches, lists, facts, rates, pages, renderGate }),
      accountOf: (accountId) => accountDetails(recovery, accountId),
      watchlist: {
        coinsOf: (accountId) => watchlist.list(accountId),
        cachedRows,
      },
    }),
  )

  app.notFound(() => errorResponse('not_found'))
  app.onError((error, c) => {
    const { response, unexpected } = toErrorResponse(error)
    if (unexpected) {
      logger.error({ requestId: c.get('requestId'), err: error }, 'request failed')
    }
    return response
  })
  return {
    app,
    caches,
    coins,
    lists,
    shared,
    siteFiles: Object.keys(build?.manifest.files ?? {}).length,
    mailer,
    alerts: {
      watch,
      // The alerted-coins query in a currency, when its last answer is older than its interval.
      start: () =>
        watch.start((currency) => {
          const held = alerted[currency].held()
          if (!held || held.source === 'stale') void alerted[currency].refresh()
        }),
      stop: async () => {
        await watch.stop()
        for (const cache of Object.values(alerted)) cache.close()
      },
    },
    background: later,
  }
}
