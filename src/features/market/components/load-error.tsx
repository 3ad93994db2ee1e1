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
