import type { Unavailable } from '@contract/page-data'
import { useCountdown } from '@/lib/countdown'
import { withUnit } from '@/lib/format'
import { ApiError } from '@/lib/http'

const UNAVAILABLE_CODES: Record<string, Unavailable['reason']> = {
  upstream_busy: 'busy',
  rate_limited: 'limited',
  upstream_unavailable: 'offline',
}

/** The server's reply as an `Unavailable` state; null for any other error. */
export function unavailable(error: unknown): Unavailable | null {
  if (!(error instanceof ApiError)) return null
  const reason = UNAVAILABLE_CODES[error.code]
  if (!reason) return null
  return { reason, seconds: Math.max(1, Math.ceil((error.retryAfterMs ?? 0) / 1000)) }
}

const REASONS: Record<Unavailable['reason'], string> = {
  busy: 'Too many requests right now',
  limited: 'You have opened many coins we had not loaded yet in the last minute',
  offline: "Live data for this coin can't be reached right now",
}

// Why, after a subject's own line ("Chart unavailable right now — try again in 12 s").
const WHY: Record<Unavailable['reason'], string> = {
  busy: 'Market data has had too many requests this minute.',
  limited: 'You have opened many coins we had not loaded yet in the last minute.',
  offline: "Live market data can't be reached right now.",
}

/**
 * The server has no data now, and says why: the reason in words, how long to wait, counting
 * down, and a retry. With a `subject` (one part of a page: "Chart"), it says that part is
 * unavailable and why under it; `why` words a reason for its page. The alert is announced once;
 * the ticking number is not (`aria-live="off"` on it), so a screen reader does not read out every
 * second.
 */
export function UnavailableNote({
  state,
  subject,
  why,
  className,
  onRetry,
}: {
  state: Unavailable
  subject?: string
  why?: Partial<Record<Unavailable['reason'], string>>
  className?: string
  onRetry: () => void
}) {
  const left = useCountdown(state.seconds)
  const wait = (
    <span aria-live="off">
      {left > 0 ? `try again in ${withUnit(left, 's')}` : 'try again now'}
    </span>
  )
  return (
    <div className={`load-error ${className ?? ''}`} role="alert">
      {subject ? (
        <>
          <p className="load-error__message">
            {subject} unavailable right now — {wait}
          </p>
          <p className="load-error__why">{why?.[state.reason] ?? WHY[state.reason]}</p>
        </>
      ) : (
        <p className="load-error__message">
          {why?.[state.reason] ?? REASONS[state.reason]}; {wait}
        </p>
      )}
      <button type="button" className="button button--ghost" onClick={onRetry}>
        Retry
      </button>
    </div>
  )
}
