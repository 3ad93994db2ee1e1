import type { Currency } from '@contract/currency'
import type { DataMeta } from '@contract/data-meta'
import { useHydrated } from '@/components/hydrated'
import { convertedNote } from '@/lib/format'

/**
 * Under figures in a currency the server converts from US dollars: at which rate, from when. The
 * server's HTML (and so hydration) gives the rate's time in UTC; then how long ago. Empty for a
 * currency the upstream prices itself, and before data arrives.
 */
export function ConvertedNote({
  meta,
  currency,
}: {
  meta: DataMeta | undefined
  currency: Currency
}) {
  const hydrated = useHydrated()
  const conversion = meta?.conversion
  if (!conversion) return null
  return (
    <p className="converted-note">
      {convertedNote(conversion, currency, hydrated ? Date.now() : null)}
    </p>
  )
}
