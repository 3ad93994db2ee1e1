import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState } from 'react'
import { useHydrated } from '@/components/hydrated'
import { authQueries } from '../session'
import { useSignOut, useSignOutEverywhere } from '../sign-out'

/**
 * The navigation bar's account area. Sign Up / Sign In for visitors (`onNavigate` closes the
 * phone menu around them). Once the session says who is signed in, the user's name opens a
 * small account menu (a disclosure) with Sign Out and Sign out everywhere (every session of the
 * account, on every device): two buttons beside the name did not fit the bar below 1200 px.
 * Escape closes it and puts focus back on the name; so does focus leaving it. The prerendered
 * page (and a visitor without JavaScript) gets the links.
 */
export function AccountMenu({ onNavigate }: { onNavigate: () => void }) {
  const hydrated = useHydrated()
  const session = useQuery(authQueries.session())
  const signOut = useSignOut()
  const signOutEverywhere = useSignOutEverywhere()
  const signingOut = signOut.isPending || signOutEverywhere.isPending
  const signInRef = useRef<HTMLAnchorElement>(null)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const panelId = useId()
  const [open, setOpen] = useState(false)
  const [signedOut, setSignedOut] = useState(false)
  const user = hydrated ? session.data : undefined

  // The account menu is gone once signing out worked: keep keyboard focus nearby, on Sign In.
  useEffect(() => {
    if (signedOut && !user) signInRef.current?.focus()
  }, [signedOut, user])

  if (user) {
    const done = { onSuccess: () => setSignedOut(true) }
    // While signing out the buttons say so and do nothing, but stay focusable: a disabled button
    // drops focus, which would close the menus around it.
    return (
      // biome-ignore lint/a11y/noStaticElementInteractions: it only hears Escape and focus leaving its buttons.
      <div
        className="nav-bar__actions nav-bar__actions--user account-menu"
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || !open) return
          // Closes this menu only, not the phone menu around it.
          event.stopPropagation()
          setOpen(false)
          toggleRef.current?.focus()
        }}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false)
        }}
      >
        <button
          ref={toggleRef}
          type="button"
          className="account-menu__toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
        >
          <span className="nav-bar__user" title={user.name}>
            <span className="visually-hidden">Signed in as </span>
            {user.name}
          </span>
          <span className="account-menu__chevron" aria-hidden="true" />
        </button>
        <div id={panelId} className="account-menu__panel" hidden={!open}>
          <button
            type="button"
            className="button button--ghost button--small"
            aria-disabled={signingOut}
            onClick={() => signingOut || signOut.mutate(undefined, done)}
          >
            {signOut.isPending ? 'Signing out…' : 'Sign Out'}
          </button>
          <button
            type="button"
            className="button button--ghost button--small"
            aria-disabled={signingOut}
            onClick={() => signingOut || signOutEverywhere.mutate(undefined, done)}
          >
            {signOutEverywhere.isPending ? 'Signing out everywhere…' : 'Sign out everywhere'}
          </button>
        </div>
        {signOut.isError || signOutEverywhere.isError ? (
          <p className="nav-bar__error" role="alert">
            Sign-out failed. Check your connection and try again.
          </p>
        ) : null}
      </div>
    )
  }
  return (
    <div className="nav-bar__actions">
      <Link to="/signup" className="button button--primary button--small" onClick={onNavigate}>
        Sign Up
      </Link>
      <Link
        ref={signInRef}
        to="/signin"
        className="button button--ghost button--small"
        onClick={onNavigate}
      >
        Sign In
      </Link>
    </div>
  )
}
