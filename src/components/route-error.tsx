import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'

/** A page that failed to load or render: say so and offer the way out. */
export function RouteError({ reset }: ErrorComponentProps) {
  const router = useRouter()
  const queryErrorResetBoundary = useQueryErrorResetBoundary()

  useEffect(() => {
    queryErrorResetBoundary.reset()
  }, [queryErrorResetBoundary])

  return (
    <div className="route-error" role="alert">
      <h1>Something went wrong</h1>
      <p>
        This page could not be shown. Try again, or reload to get the latest version of the site.
      </p>
      <div className="route-error__actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            reset()
            void router.invalidate()
          }}
        >
          Try again
        </button>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    </div>
  )
}
