import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState } from 'react'
import { authQueries, useSignOut, useSignOutEverywhere } from '@/features/auth/session'
import { useHydrated } from '../hydrated'
import { Logo } from '../logo'

const links = [
  { to: '/', label: 'Home' },
  { to: '/contact', label: 'Company' },
  { to: '/contact', label: 'About' },
  { to: '/crypto', label: 'Pricing' },
  { to: '/contact', label: 'Contact' },
] as const

/**
 * Site navigation. Below 860 px the links collapse behind a disclosure button: Escape closes the
 * menu and puts focus back on the button; so does focus leaving the navigation.
 */
export function NavBar() {
  const [open, setOpen] = useState(false)
  const menuId = useId()
  const buttonRef = useRef<HTMLButtonElement>(null)
  const close = () => setOpen(false)

  return (
    <header className="nav-bar">
      <nav
        className="nav-bar__inner"
        aria-label="Main"
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || !open) return
          close()
          buttonRef.current?.focus()
        }}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) close()
        }}
      >
        <Link to="/" className="brand">
          <Logo />
          <span className="brand__name">Coinvera</span>
        </Link>
        <button
          ref={buttonRef}
          type="button"
          className="nav-bar__toggle"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((value) => !value)}
        >
          <span className="nav-bar__toggle-icon" aria-hidden="true" />
          Menu
        </button>
        <div id={menuId} className="nav-bar__menu" data-open={open}>
          <ul className="nav-bar__links">
            {links.map((link) => (
              <li key={link.label}>
                <Link
                  to={link.to}
                  className="nav-bar__link"
                  activeOptions={{ exact: true }}
                  onClick={close}
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
          <AccountActions onNavigate={close} />
        </div>
      </nav>
    </header>
  )
}

/**
 * Sign Up / Sign In for visitors. Once the session says who is signed in, the user's name opens a
 * small account menu (a disclosure) with Sign Out and Sign out everywhere (every session of the
 * account, on every device): two buttons beside the name did not fit the bar below 1200 px.
 * Escape closes it and puts focus back on the name; so does focus leaving it. The prerendered
 * page (and a visitor without JavaScript) gets the links.
 */
function AccountActions({ onNavigate }: { onNavigate: () => void }) {
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
