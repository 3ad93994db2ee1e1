import { useRouterState } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { useSignedInUser } from '../session'

declare module '@tanstack/history' {
  interface HistoryState {
    /** Set by sign-in and sign-up when they send the visitor home. */
    welcome?: Welcome
  }
}

type Welcome = { name: string; isNew: boolean }

/**
 * The short welcome after signing in or up, on the page the visitor was brought back to. It
 * takes focus, so screen readers read it and the keyboard starts from here; a reload does not
 * bring it back, and it goes as soon as nobody is signed in (signed out here or elsewhere).
 */
export function WelcomeNote() {
  const user = useSignedInUser()
  const fromHistory = useRouterState({ select: (state) => state.location.state.welcome })
  const [welcome, setWelcome] = useState<Welcome | null>(null)
  const ref = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!fromHistory) return
    setWelcome(fromHistory)
    // Set after hydration (effects do not run before), so the prerendered page still matches.
    // The browser keeps history state across a reload: drop ours so the welcome is said once.
    // (The router sees the change and drops it from its location too; the note keeps its copy.)
    const { welcome: _, ...rest } = window.history.state ?? {}
    window.history.replaceState(rest, '')
  }, [fromHistory])

  // Unless the visitor has already moved on: the note's code arrives a moment after the page,
  // and taking focus from a menu they opened then would close it under their finger.
  useEffect(() => {
    const active = document.activeElement
    const unclaimed = !active || active === document.body || !document.contains(active)
    if (welcome && unclaimed) ref.current?.focus()
  }, [welcome])

  if (!welcome || !user) return null
  return (
    <div ref={ref} className="welcome-note" role="status" tabIndex={-1}>
      <div className="welcome-note__body">
        <p className="welcome-note__text">
          {welcome.isNew
            ? `Welcome to Coinvera, ${welcome.name}! Your account is ready and you are signed in.`
            : `Welcome back, ${welcome.name}! You are signed in.`}
        </p>
        {/* Sign-up sends the address a confirmation link, which price alerts wait for. */}
        {welcome.isNew ? (
          <p className="welcome-note__more">
            We sent a confirmation email to <strong>{user.email}</strong>: open its link to confirm
            your address, as price alerts need.
          </p>
        ) : null}
      </div>
      <button
        type="button"
        className="welcome-note__close"
        aria-label="Dismiss welcome message"
        onClick={() => setWelcome(null)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  )
}
