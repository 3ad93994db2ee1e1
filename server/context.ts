import type { HttpBindings } from '@hono/node-server'
import type { Context } from 'hono'

/** The Hono environment every sub-app shares. */
export type AppEnv = {
  Bindings: Partial<HttpBindings>
  Variables: { requestId: string }
}

/**
 * The client's address: the socket peer, or with TRUST_PROXY the address our proxy appended last
 * to X-Forwarded-For (earlier entries are whatever the client chose to send).
 */
export function clientAddress(c: Context<AppEnv>, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('X-Forwarded-For')?.split(',').at(-1)?.trim()
    if (forwarded) return forwarded
  }
  return c.env?.incoming?.socket.remoteAddress ?? 'unknown'
}
