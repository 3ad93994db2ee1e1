import * as v from 'valibot'
import { CurrencyParamSchema } from '@contract/currency'
import { SortParamSchema } from '@/lib/table-sort'

/** The price list's address: its order (`?sort=`) and its currency (`?currency=`, else usd). */
export const PriceListSearchSchema = v.object({
  sort: SortParamSchema,
  currency: CurrencyParamSchema,
})
