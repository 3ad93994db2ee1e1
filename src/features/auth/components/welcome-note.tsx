import { useRouterState } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { useHydrated } from '@/components/hydrated'

declare module '@tanstack/history' {
  interface HistoryState {
    /** Set by sign-in and sign-up when they send the visitor home. */
    welcome?: { name: string; isNew: boolean }
  }
}

/**
 * The short welcome after signing in or up. It takes focus, so screen readers read it and the
 * keyboard starts from here; a reload does not bring it back.
 */
export function WelcomeNote() {
  const hydrated = useHydrated()
  const welcome = useRouterState({ select: (state) => state.location.state.welcome })
  const [dismissed, setDismissed] = useState(false)
  const ref = useRef<HTMLDivElement>(null)
  const shown = hydrated && welcome && !dismissed

  useEffect(() => {
    if (!shown) return
    ref.current?.focus()
    // The browser keeps history state across a reload: drop ours so the welcome is said once.
    const { welcome: _, ...rest } = window.history.state ?? {}
    window.history.replaceState(rest, '')
  }, [shown])

  if (!shown) return null
  return (
    <div ref={ref} className="welcome-note" role="status" tabIndex={-1}>
      <p className="welcome-note__text">
        {welcome.isNew
          ? `Welcome to Coinvera, ${welcome.name}! Your account is ready and you are signed in.`
          : `Welcome back, ${welcome.name}! You are signed in.`}
      </p>
      <button
        type="button"
        className="welcome-note__close"
        aria-label="Dismiss welcome message"
        onClick={() => setDismissed(true)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  )
}
