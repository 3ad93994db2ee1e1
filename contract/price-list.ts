import * as v from 'valibot'

/**
 * A list of prices as CoinGecko sends a sparkline's: numbers, or null where it has none.
 *
 * Checked in one pass rather than item by item (`v.array(v.nullable(v.number()))`, which accepts
 * and refuses the same lists: price-list.test.ts). A page of the full list carries a hundred
 * lines, 5,000 prices, and the browser checks them once, cold, as `/coins` starts: checking that
 * page took 5.2–8.6 ms in a fresh Node process item by item, 2.3–3.4 ms in one pass.
 */
export const PriceListSchema = v.custom<(number | null)[]>(
  (input) =>
    Array.isArray(input) &&
    input.every((price) => price === null || (typeof price === 'number' && !Number.isNaN(price))),
  'expected a list of prices (numbers or null)',
)
