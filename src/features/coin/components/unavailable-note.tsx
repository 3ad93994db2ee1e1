import { useCountdown } from '@/lib/countdown'
import type { Unavailable } from '@contract/page-data'

const REASONS: Record<Unavailable['reason'], string> = {
  busy: 'Too many requests right now',
  limited: 'You have opened many coins we had not loaded yet in the last minute',
  offline: "Live data for this coin can't be reached right now",
}

/**
 * The server has no data now, and says why: the reason in words, how long to wait, counting
 * down, and a retry. The alert is announced once; the ticking number is not (`aria-live="off"`
 * on it), so a screen reader does not read out every second.
 */
export function UnavailableNote({
  state,
  className,
  onRetry,
}: {
  state: Unavailable
  className?: string
  onRetry: () => void
}) {
  const left = useCountdown(state.seconds)
  return (
    <div className={`load-error ${className ?? ''}`} role="alert">
      <p className="load-error__message">
        {REASONS[state.reason]};{' '}
        <span aria-live="off">{left > 0 ? `try again in ${left} s` : 'try again now'}</span>
      </p>
      <button type="button" className="button button--ghost" onClick={onRetry}>
        Retry
      </button>
    </div>
  )
}
