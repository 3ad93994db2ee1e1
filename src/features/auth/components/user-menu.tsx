import { Link } from '@tanstack/react-router'
import { type FormEvent, useId, useRef, useState } from 'react'
import { env } from '@/lib/env'
import type { SessionUser } from '@contract/session'
import { useLeaveAccountPage, useSignOut, useSignOutEverywhere } from '../sign-out'

/**
 * The signed-in visitor's name, opening a small account menu: the account page, the watchlist, Sign out
 * and Sign out everywhere (every session of the account, on every device). The name is a
 * `<details>` summary and the sign-outs a form, so all of it works without JavaScript too; with
 * it, the form's buttons call the API and the page stays. Escape closes the menu and puts focus
 * back on the name; so does focus leaving it.
 */
export function UserMenu({
  user,
  onSignedOut,
}: {
  user: SessionUser
  /** `left`: the page needed the account and gave way to the sign-in page. */
  onSignedOut: (left: boolean) => void
}) {
  const signOut = useSignOut()
  const signOutEverywhere = useSignOutEverywhere()
  const signingOut = signOut.isPending || signOutEverywhere.isPending
  const toggleRef = useRef<HTMLElement>(null)
  const panelId = useId()
  const [open, setOpen] = useState(false)
  const leaveAccountPage = useLeaveAccountPage()
  const done = {
    onSuccess: () => {
      onSignedOut(leaveAccountPage())
    },
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (signingOut) return
    const submitter = (event.nativeEvent as SubmitEvent).submitter
    const everywhere = submitter instanceof HTMLButtonElement && submitter.value === 'everywhere'
    if (everywhere) signOutEverywhere.mutate(undefined, done)
    else signOut.mutate(undefined, done)
  }

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
      <details
        className="account-menu__disclosure"
        open={open}
        onToggle={(event) => setOpen(event.currentTarget.open)}
      >
        <summary ref={toggleRef} className="account-menu__toggle" aria-controls={panelId}>
          <span className="nav-bar__user" title={user.name}>
            <span className="visually-hidden">Signed in as </span>
            {user.name}
          </span>
          <span className="account-menu__chevron" aria-hidden="true" />
        </summary>
      </details>
      <div id={panelId} className="account-menu__panel">
        {/* The account page (its own route, /account) */}
        <a href="/account" className="button button--ghost button--small">
          Account
        </a>
        <Link
          to="/watchlist"
          className="button button--ghost button--small account-menu__wide-only"
          onClick={() => setOpen(false)}
        >
          Watchlist
        </Link>
        <Link
          to="/portfolio"
          className="button button--ghost button--small account-menu__wide-only"
          onClick={() => setOpen(false)}
        >
          Portfolio
        </Link>
        <Link
          to="/account/alerts"
          className="button button--ghost button--small"
          onClick={() => setOpen(false)}
        >
          Price alerts
        </Link>
        <form
          method="post"
          action={`${env.formApiUrl}api/auth/sign-out`}
          className="account-menu__sign-out"
          onSubmit={submit}
        >
          <button
            type="submit"
            name="scope"
            value="this"
            className="button button--ghost button--small"
            aria-disabled={signingOut}
          >
            {signOut.isPending ? 'Signing out…' : 'Sign out'}
          </button>
          <button
            type="submit"
            name="scope"
            value="everywhere"
            className="button button--ghost button--small"
            aria-disabled={signingOut}
          >
            {signOutEverywhere.isPending ? 'Signing out everywhere…' : 'Sign out everywhere'}
          </button>
        </form>
      </div>
      {signOut.isError || signOutEverywhere.isError ? (
        <p className="nav-bar__error" role="alert">
          Sign-out failed. Check your connection and try again.
        </p>
      ) : null}
    </div>
  )
}
