import { useHydrated } from '@/components/hydrated'
import type { DataMeta } from '@contract/data-meta'
import { dataNote, type FailedRefresh } from '@/lib/format'

/** What the sections need to know of their query. */
type ListQuery = {
  isError: boolean
  isPaused: boolean
  failureCount: number
  dataUpdatedAt: number
}

/** Nothing could load: the tries are over, or they wait for the network to come back. */
export const loadFailed = (query: ListQuery) =>
  query.isError || (query.isPaused && query.failureCount > 0)

/**
 * For shown data (stored on an earlier visit, or fetched a while ago) whose refresh failed once
 * already: what the note says it is and when it is from; otherwise null.
 */
export function failedRefresh(
  subject: string,
  meta: DataMeta | undefined,
  query: ListQuery,
): FailedRefresh | null {
  if (!meta || !(query.isError || query.failureCount > 0)) return null
  const since = meta.updatedAt ?? new Date(query.dataUpdatedAt).toISOString()
  return { subject, since, now: Date.now() }
}

/**
 * Says when the list is not live or could not be refreshed. The line is always there, so its
 * arrival shifts nothing, and it is a polite live region: a new note is read out without
 * interrupting.
 */
export function DataNote({
  meta,
  failed = null,
}: {
  meta: DataMeta | undefined
  failed?: FailedRefresh | null
}) {
  // The server's HTML (and so hydration) gives times in UTC; the visitor's own zone follows.
  const utc = !useHydrated()
  const note = meta ? dataNote(meta, failed, utc) : null
  return (
    <p className="data-note" role="status">
      {note}
    </p>
  )
}

/**
 * "Sample data", in a list's heading or beside a coin's price, when the figures are the sample
 * shipped with the site: never an age, which would read as real prices from days ago. The
 * section's data note says why, once per page (market.css hides a later section's).
 */
export function SampleBadge({ meta }: { meta: DataMeta | undefined }) {
  if (meta?.source !== 'sample') return null
  return (
    <>
      {' '}
      <span className="sample-badge">Sample data</span>
    </>
  )
}

export function Attribution() {
  return (
    <p className="attribution">
      Data provided by{' '}
      <a href="https://www.coingecko.com" rel="noopener">
        CoinGecko
      </a>
    </p>
  )
}
