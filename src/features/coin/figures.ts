import type { CoinDetailData, CoinMarketData } from '@contract/coin'
import { type Currency, DEFAULT_CURRENCY } from '@contract/currency'
import type { DataMeta } from '@contract/data-meta'
import type { ListedCoinData } from '@contract/market-list'

type Figure = number | null | undefined

/**
 * What a coin's page shows at its top, in one currency: the coin, its price and key figures,
 * from its details, or from its row on a page of the full list before they come.
 */
export type CoinFigures = {
  id: string
  name: string
  symbol: string
  image: string | null | undefined
  rank: Figure
  price: Figure
  change24h: Figure
  marketCap: Figure
  volume: Figure
  high24h: Figure
  low24h: Figure
  circulatingSupply: Figure
  maxSupply: Figure
  ath: Figure
  athDate: string | null | undefined
  athChange: Figure
  meta: DataMeta
}

/**
 * The price's change over 24 h in `currency`: a coin that held its dollar price moved in euros.
 * CoinGecko's plain figure is the dollar one.
 */
export function changeIn(
  market: CoinMarketData | null | undefined,
  currency: Currency,
): number | null | undefined {
  const own = market?.price_change_percentage_24h_in_currency?.[currency]
  if (typeof own === 'number') return own
  return currency === DEFAULT_CURRENCY ? market?.price_change_percentage_24h : null
}

/** The figures of a coin's details (every currency in one), in `currency`. */
export function figuresOfDetail({ coin, meta }: CoinDetailData, currency: Currency): CoinFigures {
  const market = coin.market_data
  return {
    id: coin.id,
    name: coin.name,
    symbol: coin.symbol,
    image: coin.image?.large,
    rank: coin.market_cap_rank,
    price: market?.current_price?.[currency],
    change24h: changeIn(market, currency),
    marketCap: market?.market_cap?.[currency],
    volume: market?.total_volume?.[currency],
    high24h: market?.high_24h?.[currency],
    low24h: market?.low_24h?.[currency],
    circulatingSupply: market?.circulating_supply,
    maxSupply: market?.max_supply,
    ath: market?.ath?.[currency],
    athDate: market?.ath_date?.[currency],
    athChange: market?.ath_change_percentage?.[currency],
    meta,
  }
}

/** The figures of a coin's row on a page of the full list (in that page's currency). */
export function figuresOfListed({ coin, meta }: ListedCoinData): CoinFigures {
  return {
    id: coin.id,
    name: coin.name,
    symbol: coin.symbol,
    image: coin.image,
    rank: coin.market_cap_rank,
    price: coin.current_price,
    change24h: coin.price_change_percentage_24h,
    marketCap: coin.market_cap,
    volume: coin.total_volume,
    high24h: coin.high_24h,
    low24h: coin.low_24h,
    circulatingSupply: coin.circulating_supply,
    maxSupply: coin.max_supply,
    ath: coin.ath,
    athDate: coin.ath_date,
    athChange: coin.ath_change_percentage,
    meta,
  }
}
