import { type Context, Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { validator } from 'hono/validator'
import * as v from 'valibot'
import { CoinIdSchema } from '@contract/coin'
import { safeReturnPath } from '@contract/return-to'
import type { SessionUser } from '@contract/session'
import { WATCHLIST_MAX, WatchlistMergeSchema } from '@contract/watchlist'
import { type AppEnv, clientKey } from '../context'
import type { WatchlistStore } from '../db/watchlist'
import { apiError } from '../errors'
import type { Limiter } from '../limits/rate-limiter'
import { allowOnly } from '../middleware/methods'
import { rateLimit } from '../middleware/rate-limit'
import { bodyType, requestBody } from '../middleware/request-body'

export type WatchlistDeps = {
  store: WatchlistStore
  /** Whether the upstream knows a coin (its `coins/list`, cached: server/market/coins.ts). */
  coinExists: (id: string) => Promise<boolean>
  /** Changes per client address. */
  limiter: Limiter
}

const coinParam = validator('param', (params) => {
  const result = v.safeParse(v.object({ coinId: CoinIdSchema }), params)
  if (!result.success) throw apiError('invalid_coin_id')
  return result.output
})

const noStore = { 'Cache-Control': 'no-store' }

/**
 * A signed-in account's watchlist: `GET` it, `PUT`/`DELETE /{coinId}` to star and unstar (both
 * idempotent), `POST` to merge the browser's list into it (a set union). A page without its
 * script stars with a form, `POST /{coinId}` (`watch=add|remove`), answered with `303` back to
 * the page (`?return=`), or to sign-in when nobody is signed in.
 */
export function watchlistRoutes(deps: WatchlistDeps) {
  const { store } = deps
  const changes = rateLimit(deps.limiter)

  const signedIn = async (c: Context<AppEnv>) => {
    const user = await c.var.viewer.user()
    if (!user) throw apiError('unauthenticated', { headers: noStore })
    return user
  }
  const realCoin = async (id: string) => {
    if (!(await deps.coinExists(id))) throw apiError('unknown_coin')
  }
  /** Adds one coin: nothing when it is there already, 409 past the cap. */
  const add = async (user: SessionUser, id: string) => {
    await realCoin(id)
    const { coins, refused } = await store.add(user.id, [id], WATCHLIST_MAX)
    if (refused.length > 0) throw apiError('watchlist_full')
    return coins
  }
  const remove = async (user: SessionUser, id: string) => {
    await store.remove(user.id, id)
    return store.list(user.id)
  }

  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const user = await signedIn(c)
      return c.json({ coins: await store.list(user.id) }, 200, noStore)
    })
    .post(
      '/',
      changes,
      requestBody,
      validator('json', async (json, c) => {
        if (bodyType(c) !== 'json') throw apiError('unsupported_media_type')
        const result = v.safeParse(WatchlistMergeSchema, json)
        if (!result.success) throw apiError('validation_failed')
        return result.output
      }),
      async (c) => {
        const user = await signedIn(c)
        // Only real coins: an id the upstream does not know (any more) stays in the browser.
        const incoming = c.req.valid('json').coins
        const known = await Promise.all(incoming.map((id) => deps.coinExists(id)))
        const real = incoming.filter((_, index) => known[index])
        const { coins, refused } = await store.add(user.id, real, WATCHLIST_MAX)
        const unknown = incoming.filter((_, index) => !known[index])
        return c.json({ coins, refused: [...refused, ...unknown] }, 200, noStore)
      },
    )
    .put('/:coinId', changes, coinParam, async (c) => {
      const user = await signedIn(c)
      return c.json({ coins: await add(user, c.req.valid('param').coinId) }, 200, noStore)
    })
    .delete('/:coinId', changes, coinParam, async (c) => {
      const user = await signedIn(c)
      // Any well-formed id: a coin the upstream dropped can still be removed.
      return c.json({ coins: await remove(user, c.req.valid('param').coinId) }, 200, noStore)
    })
    .post('/:coinId', requestBody, async (c) => {
      // The star as a plain form: the page comes back (303), never JSON.
      if (bodyType(c) !== 'form') throw apiError('unsupported_media_type')
      const back = safeReturnPath(c.req.query('return')) ?? '/watchlist'
      const see = (location: string) =>
        new Response(null, { status: 303, headers: { Location: location, ...noStore } })
      const user = await c.var.viewer.user()
      if (!user) return see(`/signin?${new URLSearchParams({ return: back })}`)
      const problem = await formChange(c, user).then(() => null, codeOf)
      return see(problem ? `/watchlist?${new URLSearchParams({ error: problem })}` : back)
    })
    .all('/', allowOnly('GET', 'POST'))
    .all('/:coinId', allowOnly('PUT', 'DELETE', 'POST'))

  /** A star's form: add or remove, within the same rules and limits as the API. */
  async function formChange(c: Context<AppEnv>, user: SessionUser): Promise<void> {
    const id = v.safeParse(CoinIdSchema, c.req.param('coinId'))
    if (!id.success) throw apiError('invalid_coin_id')
    const hit = await deps.limiter.hit(clientKey(c))
    if (!hit.allowed) throw apiError('rate_limited')
    const { watch } = await c.req.parseBody()
    if (watch === 'remove') await remove(user, id.output)
    else await add(user, id.output)
  }
}

/** An API error's code (its body's `error`), for the page a form comes back to; else rethrown. */
async function codeOf(error: unknown): Promise<string> {
  if (!(error instanceof HTTPException) || !error.res) throw error
  const body: unknown = await error.res.clone().json()
  return v.parse(v.object({ error: v.string() }), body).error
}
