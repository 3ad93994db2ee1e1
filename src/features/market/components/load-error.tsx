import { useEffect, useRef, useState } from 'react'

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
      <svg
        className="load-error__icon"
        viewBox="0 0 24 24"
        width="32"
        height="32"
        aria-hidden="true"
      >
        <path
          d="M12 3 2 21h20L12 3Zm0 6v5m0 3.5v.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
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
  useEffect(() => {
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
