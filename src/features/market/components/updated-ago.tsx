import { useEffect, useState } from 'react'
import { useHydrated } from '@/components/hydrated'
import { formatSince, withUnit } from '@/lib/format'

const SECOND = 1000
const MINUTE = 60 * SECOND
/** Older than this, the prices are called stale (the list refreshes each minute). */
export const STALE_AFTER_MS = 5 * MINUTE

/** "Updated 12 s ago", "Updated 3 min ago", with "stale" once older than STALE_AFTER_MS. */
export function updatedAgoText(updatedAt: number, now: number): string {
  const age = Math.max(0, now - updatedAt)
  const ago =
    age < 5 * SECOND
      ? 'just now'
      : age < MINUTE
        ? `${withUnit(Math.floor(age / SECOND), 's')} ago`
        : age < 60 * MINUTE
          ? `${withUnit(Math.floor(age / MINUTE), 'min')} ago`
          : `${withUnit(Math.floor(age / (60 * MINUTE)), 'h')} ago`
  return age > STALE_AFTER_MS ? `Updated ${ago} · stale` : `Updated ${ago}`
}

/** The time now, once a second: this component's own state, so only it renders each tick. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), SECOND)
    return () => clearInterval(timer)
  }, [])
  return now
}

/**
 * How old the price list is, ticking each second beside it: from when it was fetched
 * (`updatedAt`), unless the data's own time (`dataAt`, its newest row's; 0: not known) is older
 * than that by more than STALE_AFTER_MS. Then the fetch was recent but the prices are not (an
 * upstream that serves old data), and the line says the data's time. The server's HTML (and so
 * hydration) has the empty line: the text depends on the clock. Not a live region, which would
 * be read out every second.
 */
export function UpdatedAgo({ updatedAt, dataAt = 0 }: { updatedAt: number; dataAt?: number }) {
  const hydrated = useHydrated()
  const now = useNow()
  if (!hydrated || !updatedAt) return <p className="updated-ago" />
  if (dataAt && updatedAt - dataAt > STALE_AFTER_MS) {
    const iso = new Date(dataAt).toISOString()
    return (
      <p className="updated-ago">
        <time dateTime={iso}>{`Prices from ${formatSince(iso, now)} · stale`}</time>
      </p>
    )
  }
  return (
    <p className="updated-ago">
      <time dateTime={new Date(updatedAt).toISOString()}>{updatedAgoText(updatedAt, now)}</time>
    </p>
  )
}
