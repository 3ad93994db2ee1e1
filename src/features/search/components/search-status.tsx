import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useCountdown } from '@/lib/countdown'
import { withUnit } from '@/lib/format'
import { ApiError } from '@/lib/http'
import type { SearchData } from '@contract/search'

const SAMPLE_NOTE =
  'Sample data: the market source is unreachable, so this searches the few coins shipped with the site.'

/** The retry's wait, counting down; then a plain "try again". */
function TryAgainIn({ seconds }: { seconds: number }) {
  const left = useCountdown(seconds)
  return (
    <span aria-live="off">
      {left > 0 ? `try again in ${withUnit(left, 's')}` : 'try again now'}
    </span>
  )
}

/**
 * What a search says besides its results, one line in a polite live region: the hint before
 * anything is typed, "Searching…" only while a request is out (it ends: ky gives up after 15 s),
 * why it failed (too many searches with the wait, offline, another error), no match, or that
 * the results come from the sample list.
 */
export function SearchStatus({
  query,
  result,
  id,
}: {
  /** The search sent, or null when there is none to send. */
  query: string | null
  result: Pick<UseQueryResult<SearchData>, 'data' | 'error' | 'isFetching'>
  id?: string
}) {
  const { data, isFetching } = result
  const error = result.error && (result.error instanceof ApiError ? result.error : null)
  let text: ReactNode = null
  if (query === null) text = "Type a coin's name or symbol."
  else if (error?.code === 'rate_limited') {
    const seconds = Math.max(1, Math.ceil((error.retryAfterMs ?? 60_000) / 1000))
    text = (
      <>
        Too many searches from this address; <TryAgainIn seconds={seconds} />.
      </>
    )
  } else if (error?.code === 'offline') text = 'You are offline: search needs a connection.'
  else if (result.error) text = `Search failed: ${result.error.message}`
  else if (!data) text = isFetching ? 'Searching…' : null
  else {
    const sample = data.meta.source === 'sample' ? SAMPLE_NOTE : ''
    text = data.coins.length === 0 ? `No coins match “${query}”. ${sample}` : sample
  }
  return (
    <p className="search-status" role="status" id={id}>
      {text}
    </p>
  )
}
