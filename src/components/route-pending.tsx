import { useEffect, useState } from 'react'

// The product gives a lazy page chunk 120 s to arrive before it calls the load failed.
export const CHUNK_TIMEOUT_MS = 120_000

/** Shown while a page's code loads; after the timeout it offers a reload instead of waiting. */
export function RoutePending() {
  const [timedOut, setTimedOut] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), CHUNK_TIMEOUT_MS)
    return () => clearTimeout(timer)
  }, [])

  if (!timedOut) {
    return (
      <div className="route-pending" role="status">
        <span className="visually-hidden">Loading the page…</span>
      </div>
    )
  }
  return (
    <div className="route-error" role="alert">
      <h1>This page is taking too long to load</h1>
      <p>Check your connection, then reload the page.</p>
      <button
        type="button"
        className="button button--primary"
        onClick={() => window.location.reload()}
      >
        Reload
      </button>
    </div>
  )
}
