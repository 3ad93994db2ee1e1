import { useEffect, useState } from 'react'
import { whenOnline } from './late-hydration'

type Order = typeof import('@/features/market/table-order')

// The rows' order is TanStack Table's sorting (features/market/table-order.ts), whose code comes
// the first time an order is asked for (a header pressed, or `?sort=` in the address): the list
// as it came needs none of it (README, "Start-up speed"). Offline, it comes once the connection
// is back.
let order: Promise<Order> | undefined
let loaded: Order | undefined
/** Loads the sorting code (once): a header pressed wants it before the address names an order. */
export const loadTableOrder = () => {
  order ??= whenOnline(() => import('@/features/market/table-order')).then((module) => {
    loaded = module
    return module
  })
  return order
}

/** The sorting code once `wanted` and here; until then undefined (the rows stay as they came). */
export function useTableOrder(wanted: boolean): Order | undefined {
  const [module, setModule] = useState(loaded)
  useEffect(() => {
    if (wanted && !module) loadTableOrder().then(setModule, () => {})
  }, [wanted, module])
  return module
}
