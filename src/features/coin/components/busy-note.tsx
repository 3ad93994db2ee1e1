import { useEffect, useState } from 'react'

/**
 * The server's upstream budget is spent: say how long to wait, counting down, and offer a retry.
 * The alert is announced once; the ticking number is not (`aria-live="off"` on it), so a screen
 * reader does not read out every second.
 */
export function BusyNote({
  seconds,
  className,
  onRetry,
}: {
  seconds: number
  className?: string
  onRetry: () => void
}) {
  const left = useCountdown(seconds)
  return (
    <div className={`load-error ${className ?? ''}`} role="alert">
      <p className="load-error__message">
        Too many requests right now;{' '}
        <span aria-live="off">{left > 0 ? `try again in ${left} s` : 'try again now'}</span>
      </p>
      <button type="button" className="button button--ghost" onClick={onRetry}>
        Retry
      </button>
    </div>
  )
}

/** Whole seconds left of `seconds` from the first render (a new `seconds` starts again). */
function useCountdown(seconds: number): number {
  const [left, setLeft] = useState(seconds)
  useEffect(() => {
    const end = Date.now() + seconds * 1000
    setLeft(seconds)
    const timer = setInterval(() => {
      const now = Math.max(0, Math.ceil((end - Date.now()) / 1000))
      setLeft(now)
      if (now === 0) clearInterval(timer)
    }, 1000)
    return () => clearInterval(timer)
  }, [seconds])
  return left
}
