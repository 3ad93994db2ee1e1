import { authHandlers } from './auth'
import { marketHandlers } from './market'

export const handlers = [...marketHandlers, ...authHandlers]
