import { useId, useRef, useState } from 'react'
import type { SessionUser } from '@contract/session'
import { useSignOut, useSignOutEverywhere } from '../sign-out'

/**
 * The signed-in visitor's name, opening a small account menu (a disclosure) with Sign Out and
 * Sign out everywhere (every session of the account, on every device): two buttons beside the
 * name did not fit the bar below 1200 px. Escape closes it and puts focus back on the name; so
 * does focus leaving it.
 */
export function UserMenu({ user, onSignedOut }: { user: SessionUser; onSignedOut: () => void }) {
  const signOut = useSignOut()
  const signOutEverywhere = useSignOutEverywhere()
  const signingOut = signOut.isPending || signOutEverywhere.isPending
  const toggleRef = useRef<HTMLButtonElement>(null)
  const panelId = useId()
  const [open, setOpen] = useState(false)
  const done = { onSuccess: onSignedOut }
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
