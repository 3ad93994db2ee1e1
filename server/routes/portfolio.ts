import { type Context, Hono, type MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { validator } from 'hono/validator'
import * as v from 'valibot'
import { fieldIssues } from '@contract/api-error'
import { exchange } from '@contract/amounts'
import type { Currency } from '@contract/currency'
import type { WatchRow } from '@contract/watchlist'
import {
  type CostRates,
  CostRatesQuerySchema,
  costCurrencies,
  formInput,
  holdingIds,
  PORTFOLIO_MAX,
  type PortfolioFormDone,
  type PortfolioFormError,
  type Transaction,
  type TransactionInput,
  TransactionInputSchema,
  TransactionsAddSchema,
} from '@contract/portfolio'
import { signedIn } from '../auth/signed-in'
import { type AppEnv, clientKey } from '../context'
import type { PortfolioChange, PortfolioStore } from '../db/portfolio'
import { apiError, errorResponse } from '../errors'
import type { Limiter } from '../limits/rate-limiter'
import type { ExchangeRates } from '../market/rates'
import { allowOnly } from '../middleware/methods'
import { rateLimit } from '../middleware/rate-limit'
import { bodyType, requestBody } from '../middleware/request-body'

export type PortfolioDeps = {
  store: PortfolioStore
  /** Whether the upstream knows a coin (its `coins/list`, cached: server/market/coins.ts). */
  coinExists: (id: string) => Promise<boolean>
  /** Changes per client address (`PORTFOLIO_RATE_LIMIT`). */
  limiter: Limiter
  /** The costs' currencies in the one shown (`costRates`). */
  rates: CostRatesOf
}

export type CostRatesOf = (to: Currency, from: readonly Currency[]) => Promise<CostRates>

// Far more decimals than any amount shows: one đồng in bitcoin still keeps 14 digits.
const RATE_DIGITS = { digits: 24 }

/**
 * Each `from` currency's worth in `to`, at the exchange rates the server holds (never an upstream
 * call): every rate is one bitcoin's worth in that unit, so one `from` is worth to ÷ from.
 * Exact decimals, as the portfolio's arithmetic reads them.
 */
export const costRates =
  (rates: ExchangeRates): CostRatesOf =>
  async (to, from) => {
    // A cold cache waits for its first answer, as a converted list's first read does: one
    // shared call per refresh, never one per visitor.
    if (from.some((code) => code !== to)) await rates.ready()
    const served = rates.served()
    const table = served?.data.rates
    const worthTo = table?.[to]?.value
    const answer: CostRates['rates'] = {}
    for (const code of from) {
      const worthFrom = table?.[code]?.value
      answer[code] =
        code === to
          ? '1'
          : worthTo && worthFrom
            ? exchange('1', worthTo, worthFrom, RATE_DIGITS)
            : null
    }
    return {
      to,
      rates: answer,
      updatedAt: served?.updatedAt.toISOString() ?? null,
      source: served ? (served.source === 'sample' ? 'sample' : 'upstream') : null,
    }
  }

const ratesQuery = validator('query', (query) => {
  const result = v.safeParse(CostRatesQuerySchema, query)
  if (!result.success) throw apiError('invalid_query')
  return result.output
})

/**
 * A whole portfolio may arrive at once (a merge on sign-in, an import): 1,000 transactions with
 * long notes pass 16 KiB, the other routes' bound, by far.
 */
export const PORTFOLIO_BODY_BYTES = 1024 * 1024

const limit = bodyLimit({
  maxSize: PORTFOLIO_BODY_BYTES,
  onError: () =>
    errorResponse('payload_too_large', { message: 'The request body is larger than 1 MiB.' }),
})

/** JSON only, up to that size, parsed first so that malformed JSON is its own 400 (as `requestBody`). */
const largeJsonBody: MiddlewareHandler = (c, next) =>
  limit(c, async () => {
    if (bodyType(c) !== 'json') throw apiError('unsupported_media_type')
    try {
      await c.req.json()
    } catch {
      throw apiError('malformed_json')
    }
    await next()
  })

/** The parsed body, checked by its schema; a failure names each field. */
const validJson = <S extends v.GenericSchema>(schema: S) =>
  validator('json', async (json): Promise<v.InferOutput<S>> => {
    const result = await v.safeParseAsync(schema, json)
    if (!result.success) {
      throw apiError('validation_failed', { issues: fieldIssues(result.issues) })
    }
    return result.output
  })

const TransactionIdSchema = v.pipe(v.string(), v.uuid())

const idParam = validator('param', (params) => {
  const result = v.safeParse(v.object({ id: TransactionIdSchema }), params)
  if (!result.success) throw apiError('not_found')
  return result.output
})

const noStore = { 'Cache-Control': 'private, no-store' }

/** The form paths take forms only: the script sends JSON to `PUT`/`DELETE /transactions/:id`. */
const formOnly = (c: Context<AppEnv>, handle: () => Promise<Response>) => {
  if (bodyType(c) !== 'form') throw apiError('unsupported_media_type')
  return handle()
}

/**
 * What `/portfolio` is rendered with for a signed-in visitor (server/site/render/signed-in.ts):
 * their transactions and their coins' rows in the page's currency, from the server's caches alone
 * (`cachedRows`: no upstream call for one visitor's page).
 */
export const portfolioPageData =
  (deps: {
    store: PortfolioStore
    cachedRows: (ids: readonly string[], currency: Currency) => Promise<WatchRow[]>
    rates: CostRatesOf
  }) =>
  async (accountId: string, currency: Currency) => {
    const transactions = await deps.store.list(accountId)
    const ids = holdingIds(transactions)
    const rows = ids.length > 0 ? await deps.cachedRows(ids, currency) : []
    const from = costCurrencies(transactions, currency)
    const rates = from.length > 0 ? await deps.rates(currency, from) : null
    return { transactions, rows, rates }
  }

/**
 * A signed-in account's portfolio, under /api/portfolio: `GET` its transactions; `POST
 * /transactions` adds one or more (all or none); `PUT`/`DELETE /transactions/{id}` edit and delete
 * one. Every answer is the whole list. The prices are the watchlist's: what the server holds.
 */
export function portfolioRoutes(deps: PortfolioDeps) {
  const { store } = deps
  const changes = rateLimit(deps.limiter)

  const account = async (c: Context<AppEnv>) => (await signedIn(c.var.viewer)).user.id
  /** Real coins only, as the watchlist: an id the upstream does not know is refused. */
  const realCoins = async (ids: readonly string[]) => {
    for (const id of new Set(ids)) {
      if (!(await deps.coinExists(id))) {
        throw apiError('unknown_coin', { message: `There is no coin with the id "${id}".` })
      }
    }
  }
  const answer = (c: Context<AppEnv>, change: PortfolioChange, status: 200 | 201 = 200) => {
    if ('refused' in change) throw apiError(change.refused)
    const body: { transactions: Transaction[] } = { transactions: change.transactions }
    return c.json(body, status, noStore)
  }

  return (
    new Hono<AppEnv>()
      .get('/', async (c) => {
        const id = await account(c)
        return c.json({ transactions: await store.list(id) }, 200, noStore)
      })
      // Anyone's, signed in or not: the browser's portfolio converts its costs too. Answers change
      // with every refresh of the rates: kept by no cache.
      .get('/rates', ratesQuery, async (c) => {
        const { to, from } = c.req.valid('query')
        return c.json(await deps.rates(to, from), 200, { 'Cache-Control': 'no-store' })
      })
      // A form posted without the page's script: one transaction, answered with the page (303).
      .post('/transactions', (c, next) => (bodyType(c) === 'form' ? addByForm(c) : next()))
      .post(
        '/transactions',
        changes,
        largeJsonBody,
        validJson(TransactionsAddSchema),
        async (c) => {
          const id = await account(c)
          const { transactions } = c.req.valid('json')
          await realCoins(transactions.map((t) => t.coinId))
          return answer(c, await store.add(id, transactions, PORTFOLIO_MAX), 201)
        },
      )
      .put(
        '/transactions/:id',
        changes,
        idParam,
        requestBody,
        validJson(TransactionInputSchema),
        async (c) => {
          const id = await account(c)
          const input = c.req.valid('json')
          await realCoins([input.coinId])
          return answer(c, await store.replace(id, c.req.valid('param').id, input))
        },
      )
      .delete('/transactions/:id', changes, idParam, async (c) => {
        const id = await account(c)
        return answer(c, await store.remove(id, c.req.valid('param').id))
      })
      // A form cannot send PUT or DELETE: the page's forms post here without its script.
      .post('/transactions/:id/edit', (c) => formOnly(c, () => changeByForm(c, 'edit')))
      .post('/transactions/:id/delete', (c) => formOnly(c, () => changeByForm(c, 'delete')))
      .all('/', allowOnly('GET'))
      .all('/rates', allowOnly('GET'))
      .all('/transactions', allowOnly('POST'))
      .all('/transactions/:id', allowOnly('PUT', 'DELETE'))
      .all('/transactions/:id/edit', allowOnly('POST'))
      .all('/transactions/:id/delete', allowOnly('POST'))
  )

  /**
   * A transaction form posted without the page's script (add, edit, delete), within the same
   * rules and limits as the API: back to `/portfolio` with `?done=<change>` or `?error=<code>`,
   * or to sign-in for a visitor. Nothing typed goes into the address.
   */
  async function byForm(
    c: Context<AppEnv>,
    done: PortfolioFormDone,
    apply: (
      accountId: string,
      fields: Record<string, unknown>,
    ) => Promise<PortfolioChange | PortfolioFormError>,
  ): Promise<Response> {
    const see = (location: string) =>
      new Response(null, { status: 303, headers: { Location: location, ...noStore } })
    const user = await c.var.viewer.user()
    if (!user) return see(`/signin?${new URLSearchParams({ return: '/portfolio' })}`)
    let problem: PortfolioFormError | null = null
    await requestBody(c, async () => {
      const hit = await deps.limiter.hit(clientKey(c))
      if (!hit.allowed) {
        problem = 'rate_limited'
        return
      }
      const change = await apply(user.id, await c.req.parseBody())
      if (typeof change === 'string') problem = change
      else if ('refused' in change) problem = change.refused
    })
    return see(`/portfolio?${new URLSearchParams(problem ? { error: problem } : { done })}`)
  }

  /** A form's transaction, checked as the API checks one. */
  async function formTransaction(
    fields: Record<string, unknown>,
  ): Promise<TransactionInput | PortfolioFormError> {
    const result = v.safeParse(TransactionInputSchema, formInput(fields))
    if (!result.success) return 'validation_failed'
    if (!(await deps.coinExists(result.output.coinId))) return 'unknown_coin'
    return result.output
  }

  function addByForm(c: Context<AppEnv>): Promise<Response> {
    return byForm(c, 'added', async (accountId, fields) => {
      const input = await formTransaction(fields)
      return typeof input === 'string' ? input : store.add(accountId, [input], PORTFOLIO_MAX)
    })
  }

  /** An edit or a delete by form; another account's transaction is as absent as none. */
  function changeByForm(c: Context<AppEnv>, change: 'edit' | 'delete'): Promise<Response> {
    const id = c.req.param('id') ?? ''
    if (!v.is(TransactionIdSchema, id)) return byForm(c, 'edited', async () => 'not_found')
    if (change === 'delete') return byForm(c, 'deleted', (accountId) => store.remove(accountId, id))
    return byForm(c, 'edited', async (accountId, fields) => {
      const input = await formTransaction(fields)
      return typeof input === 'string' ? input : store.replace(accountId, id, input)
    })
  }
}
