import { authHandlers } from './auth'
import { marketHandlers, offlineMarketHandlers } from './market'

/** The upstream's exact answers, for tests. */
export const handlers = [...marketHandlers, ...authHandlers]

/** What `dev:mock` answers with: nothing it shows comes from another host. */
export const offlineHandlers = [...offlineMarketHandlers, ...authHandlers]
