/** The server's upstream budget is spent: say how long to wait, and offer a retry. */
export function BusyNote({
  seconds,
  className,
  onRetry,
}: {
  seconds: number
  className?: string
  onRetry: () => void
}) {
  return (
    <div className={`load-error ${className ?? ''}`} role="alert">
      <p className="load-error__message">Too many requests right now; try again in {seconds} s</p>
      <button type="button" className="button button--ghost" onClick={onRetry}>
        Retry
      </button>
    </div>
  )
}
