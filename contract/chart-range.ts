// The coin page's search params, apart from the coin's schemas: the route's `validateSearch`
// comes with every page's entry, and the schemas are most of the coin page's code.
import * as v from 'valibot'
import { CurrencyParamSchema } from './currency'

/** The chart's spans in days, as `coins/{id}/market_chart` takes them. */
export const CHART_DAYS = ['1', '7', '30', '365'] as const
export type ChartDays = (typeof CHART_DAYS)[number]

/** The page's `?range=`, each with its span; anything else falls back to the default. */
export const CHART_RANGES = {
  '24h': '1',
  '7d': '7',
  '30d': '30',
  '1y': '365',
} as const satisfies Record<string, ChartDays>
export type ChartRange = keyof typeof CHART_RANGES
export const DEFAULT_CHART_RANGE: ChartRange = '7d'

export const ChartRangeSchema = v.fallback(
  v.picklist(['24h', '7d', '30d', '1y'] satisfies ChartRange[]),
  DEFAULT_CHART_RANGE,
)

/** The coin page's search params (`validateSearch`): its chart's span and its currency. */
export const CoinSearchSchema = v.object({
  range: v.optional(ChartRangeSchema, DEFAULT_CHART_RANGE),
  currency: CurrencyParamSchema,
})
