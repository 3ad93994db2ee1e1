import { HttpResponse, http } from 'msw'
import * as v from 'valibot'
import coinsMarkets from '../fixtures/coins-markets.json'
import { marketsIn } from '../../server/market/sample/currencies'
import { ERROR_MESSAGES } from '@contract/error-messages'
import { CurrencySchema } from '@contract/currency'
import { pricedRow, WatchlistMergeSchema, type WatchRow, watchlistUnion } from '@contract/watchlist'
import { mockSignedIn } from './auth'

// Offline development only: each account's watchlist lives in this page's memory.
const lists = new Map<string, string[]>()

/** Forgets every mock watchlist (between tests). */
export function resetWatchlistMocks(): void {
  lists.clear()
}

const unauthenticated = () =>
  HttpResponse.json(
    { error: 'unauthenticated', message: ERROR_MESSAGES.unauthenticated },
    { status: 401 },
  )

function listOf(): string[] | null {
  const user = mockSignedIn()
  if (!user) return null
  const list = lists.get(user.id) ?? []
  lists.set(user.id, list)
  return list
}

// The server's answers (server/routes/watchlist.ts), without its cap and coin checks.
export const watchlistHandlers = [
  http.get('*/api/watchlist', () => {
    const list = listOf()
    return list ? HttpResponse.json({ coins: list }) : unauthenticated()
  }),
  http.post('*/api/watchlist', async ({ request }) => {
    const list = listOf()
    if (!list) return unauthenticated()
    const body = v.safeParse(WatchlistMergeSchema, await request.json().catch(() => null))
    if (!body.success) {
      return HttpResponse.json(
        { error: 'validation_failed', message: 'Bad list.' },
        { status: 400 },
      )
    }
    const { coins, added, refused } = watchlistUnion(list, body.output.coins)
    list.push(...added)
    return HttpResponse.json({ coins, refused })
  }),
  http.put('*/api/watchlist/:id', ({ params }) => {
    const list = listOf()
    if (!list) return unauthenticated()
    if (!list.includes(String(params.id))) list.push(String(params.id))
    return HttpResponse.json({ coins: list })
  }),
  http.delete('*/api/watchlist/:id', ({ params }) => {
    const list = listOf()
    if (!list) return unauthenticated()
    const at = list.indexOf(String(params.id))
    if (at >= 0) list.splice(at, 1)
    return HttpResponse.json({ coins: list })
  }),
  // Prices of the price list's coins; any other coin has none now (the budget is spent).
  http.get('*/market/watchlist', ({ request }) => {
    const search = new URL(request.url).searchParams
    const currency = v.parse(CurrencySchema, search.get('vs_currency') ?? 'usd')
    const listed = new Map(marketsIn(coinsMarkets, currency).map((coin) => [coin.id, coin]))
    const meta = { source: 'cache' as const, updatedAt: new Date().toISOString() }
    const rows = (search.get('ids') || '')
      .split(',')
      .filter(Boolean)
      .map((id): WatchRow => {
        const coin = listed.get(id)
        if (!coin) return { status: 'missing', id, reason: 'busy', retryAfterS: 30 }
        return pricedRow(coin, meta)
      })
    return HttpResponse.json({ coins: rows })
  }),
]
