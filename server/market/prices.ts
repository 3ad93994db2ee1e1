import type { Currency } from '@contract/currency'

/** A coin's price as one refresh showed it. */
export type SeenPrice = { id: string; name: string; price: number }

/** One refresh's prices in one currency, for whoever watches them (the price alerts). */
export type PriceRefresh = { currency: Currency; prices: SeenPrice[]; at: Date; source: string }
export type PriceListener = (refresh: PriceRefresh) => void
