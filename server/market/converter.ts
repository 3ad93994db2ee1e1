import { amountDigits, COIN_DIGITS, exchange } from '@contract/amounts'
import type { ConvertAnswer, ConvertQuery, ConvertUnit } from '@contract/converter'
import {
  CURRENCY_NAMES,
  type Currency,
  CurrencySchema,
  DEFAULT_CURRENCY,
  isUpstreamCurrency,
} from '@contract/currency'
import type { DataSource } from '@contract/data-meta'
import type { ListedCoin } from '@contract/market-list'
import * as v from 'valibot'
import type { DataStamp } from './cache'
import type { MarketFacts } from './facts'
import type { MarketLists } from './lists'
import type { ExchangeRates } from './rates'
import type { MarketCaches } from './service'

/** Coins the converter's menus offer at most: the first page of the full list. */
const MENU_COINS = 100

export type ConverterDeps = {
  caches: MarketCaches
  lists: MarketLists
  facts: MarketFacts
  rates: ExchangeRates
}

type Priced = {
  unit: ConvertUnit
  /** One unit's worth in `currency` (a number an answer gave, or an exact decimal string). */
  worth: (currency: Currency) => number | string | null
  stamp: DataStamp | null
}

// A dollar's worth of a currency, to far more digits than any amount shows.
const EXACT = { digits: 40 }

/**
 * An amount of one unit in another, from what the server holds (never an upstream call): a coin
 * by its figures (server/market/facts.ts, else the sample the lists show), a currency by the
 * exchange rates. Between a coin and a currency the upstream prices in itself, the coin's own
 * price there; otherwise both go through US dollars at the exchange rates, as every converted
 * currency's figures do. A currency code wins over a coin id spelt the same.
 */
export function convertUnits(query: ConvertQuery, deps: ConverterDeps): ConvertAnswer {
  const coins = menuCoins(deps)
  const from = priced(query.from, coins, deps)
  const to = priced(query.to, coins, deps)
  const answer: ConvertAnswer = {
    from: from?.unit ?? null,
    to: to?.unit ?? null,
    amount: query.amount,
    result: null,
    rate: null,
    updatedAt: null,
    source: null,
    coins: coins.map(({ id, name, symbol }) => ({ id, name, symbol })),
  }
  if (!from || !to) return answer
  // The currency both are worth something in: the target's or the source's own when the
  // upstream prices in it, else US dollars.
  const via = [to.unit.id, from.unit.id].find(
    (id): id is Currency => v.is(CurrencySchema, id) && isUpstreamCurrency(id),
  )
  const common = via && from.worth(via) !== null && to.worth(via) !== null ? via : DEFAULT_CURRENCY
  const fromWorth = from.worth(common)
  const toWorth = to.worth(common)
  if (fromWorth === null || toWorth === null) return answer
  const digits = to.unit.kind === 'currency' ? amountDigits(to.unit.id) : COIN_DIGITS
  const options = { digits, minDigits: Math.min(digits, 2) }
  const stamps = [from.stamp, to.stamp].filter((stamp): stamp is DataStamp => stamp !== null)
  const oldest = stamps.reduce<DataStamp | null>(
    (old, stamp) => (old && old.updatedAt <= stamp.updatedAt ? old : stamp),
    null,
  )
  return {
    ...answer,
    result: exchange(query.amount, fromWorth, toWorth, options),
    rate: exchange('1', fromWorth, toWorth, { digits: Math.max(digits, COIN_DIGITS) }),
    updatedAt: oldest?.updatedAt.toISOString() ?? null,
    source: worstSource(stamps),
  }
}

/** The coins the menus offer: the first page of the full list held (or its sample), then the price list's. */
function menuCoins(deps: ConverterDeps): ListedCoin[] {
  const page = deps.lists.page(DEFAULT_CURRENCY, 1)?.peek()?.data ?? []
  const prices = deps.caches.markets[DEFAULT_CURRENCY].peek()?.data ?? []
  const seen = new Set<string>()
  const out: ListedCoin[] = []
  for (const coin of [...page, ...prices]) {
    if (seen.has(coin.id) || out.length >= MENU_COINS) continue
    seen.add(coin.id)
    out.push(coin as ListedCoin)
  }
  return out
}

function priced(id: string, menu: readonly ListedCoin[], deps: ConverterDeps): Priced | null {
  if (v.is(CurrencySchema, id)) return pricedCurrency(id, deps)
  const listed = menu.find((coin) => coin.id === id)
  const usd = deps.facts.get(id, DEFAULT_CURRENCY)
  const name = usd?.coin ?? listed
  if (!name) return null
  const unit: ConvertUnit = { kind: 'coin', id, name: name.name, symbol: name.symbol }
  return {
    unit,
    stamp: usd?.stamp ?? samplePage(deps),
    worth: (currency) => {
      const held = deps.facts.get(id, currency)?.coin.current_price
      if (typeof held === 'number') return held
      // Never seen in a real answer: the sample's dollar price, for the dollar only.
      return currency === DEFAULT_CURRENCY && !usd && typeof listed?.current_price === 'number'
        ? listed.current_price
        : null
    },
  }
}

function pricedCurrency(id: Currency, deps: ConverterDeps): Priced | null {
  const served = deps.rates.served()
  const rates = served?.data.rates
  // Each rate is one bitcoin's worth in that unit: one unit is worth usd ÷ its own in dollars.
  const dollar = rates?.usd?.value
  const own = rates?.[id]?.value
  const inDollars =
    id === DEFAULT_CURRENCY ? '1' : dollar && own ? exchange('1', dollar, own, EXACT) : null
  if (inDollars === null) return null
  return {
    unit: { kind: 'currency', id, name: CURRENCY_NAMES[id] },
    stamp: id === DEFAULT_CURRENCY ? null : (served ?? null),
    worth: (currency) => (currency === id ? 1 : currency === DEFAULT_CURRENCY ? inDollars : null),
  }
}

/** The stamp of the sample the menus came from, when the server has had no real figures. */
function samplePage(deps: ConverterDeps): DataStamp | null {
  return deps.lists.page(DEFAULT_CURRENCY, 1)?.peek() ?? null
}

const RANK: DataSource[] = ['live', 'cache', 'stale', 'sample']
const worstSource = (stamps: readonly DataStamp[]): DataSource | null =>
  stamps.reduce<DataSource | null>(
    (worst, { source }) =>
      worst === null || RANK.indexOf(source) > RANK.indexOf(worst) ? source : worst,
    null,
  )
