import { useLayoutEffect, useRef, useState } from 'react'

/** A list that could not load: say so and offer another try. */
export function LoadError({
  message,
  retrying,
  onRetry,
  className,
}: {
  message: string
  retrying: boolean
  onRetry: () => void
  className?: string
}) {
  return (
    <div className={`load-error ${className ?? ''}`} role="alert">
      <p className="load-error__message">{message}</p>
      <button
        type="button"
        className="button button--ghost"
        // aria-disabled rather than disabled: the button keeps focus while the retry runs.
        aria-disabled={retrying}
        onClick={() => {
          if (!retrying) onRetry()
        }}
      >
        {retrying ? 'Retrying…' : 'Retry'}
      </button>
    </div>
  )
}

/**
 * Retrying replaces the Retry button with the list, so focus would fall back to the page's top.
 * This moves it to the section's heading (give it tabIndex -1) once the data has arrived.
 */
export function useRetryFocus<T extends HTMLElement>(hasData: boolean, refetch: () => unknown) {
  const ref = useRef<T>(null)
  const [waiting, setWaiting] = useState(false)
  // In the commit that shows the data, before paint: a passive effect ran a task later, so for a
  // moment the list was there and focus was not (and the unit test that checks it raced).
  useLayoutEffect(() => {
    if (!waiting || !hasData) return
    ref.current?.focus()
    setWaiting(false)
  }, [waiting, hasData])
  return {
    ref,
    retry: () => {
      setWaiting(true)
      void refetch()
    },
  }
}
