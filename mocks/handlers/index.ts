import { authHandlers } from './auth'
import { marketHandlers, offlineMarketHandlers } from './market'
import { watchlistHandlers } from './watchlist'

/** The upstream's exact answers, for tests. */
export const handlers = [...watchlistHandlers, ...marketHandlers, ...authHandlers]

/** What `dev:mock` answers with: nothing it shows comes from another host. */
export const offlineHandlers = [...watchlistHandlers, ...offlineMarketHandlers, ...authHandlers]
