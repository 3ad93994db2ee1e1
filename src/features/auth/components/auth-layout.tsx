import { Link } from '@tanstack/react-router'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import type { SessionUser } from '@contract/session'
import { useSignedInUser } from '../session'
import { useSignOut } from '../sign-out'

const benefits = [
  'Live prices for the leading coins',
  'Price alerts by email, at the price you choose',
  'Free, with passwords stored hashed (Argon2)',
]

/**
 * The frame of the sign-up, sign-in and recovery pages: the page's h1, a short pitch, then the
 * form. `forAnyone`: the form stays for a signed-in visitor too (a link opened from an email).
 */
export function AuthLayout({
  title,
  intro,
  children,
  forAnyone = false,
}: {
  title: string
  intro: string
  children: ReactNode
  forAnyone?: boolean
}) {
  const signedIn = useSignedInUser()
  const user = forAnyone ? undefined : signedIn
  const formRef = useRef<HTMLDivElement>(null)
  const [signedOut, setSignedOut] = useState(false)

  // The Sign out button is gone once it worked: keyboard focus moves to the form that replaced it.
  useEffect(() => {
    if (signedOut && !user) formRef.current?.querySelector('input')?.focus()
  }, [signedOut, user])

  return (
    <section className="page auth-page">
      <div className="auth-card">
        <aside className="auth-card__aside">
          <p className="eyebrow">Coinvera</p>
          <p className="auth-card__pitch">Your gateway to the crypto market.</p>
          <ul className="auth-card__benefits">
            {benefits.map((benefit) => (
              <li key={benefit}>{benefit}</li>
            ))}
          </ul>
        </aside>
        <div className="auth-card__main">
          <h1 className="auth-card__title">{title}</h1>
          <p className="auth-card__intro">{intro}</p>
          {/*
            A signed-in visitor gets a way on in the form's place. The form keeps its room
            (inert and unseen), so nothing moves when the session becomes known after the
            anonymous prerendered page, nor when the visitor signs out and the form comes back.
          */}
          <div className="auth-card__body">
            <div ref={formRef} className="auth-card__form" inert={user ? true : undefined}>
              {children}
            </div>
            {user ? <SignedInNotice user={user} onSignedOut={() => setSignedOut(true)} /> : null}
          </div>
        </div>
      </div>
    </section>
  )
}

function SignedInNotice({ user, onSignedOut }: { user: SessionUser; onSignedOut: () => void }) {
  const signOut = useSignOut()
  return (
    <div className="auth-card__signed-in" role="status">
      <p className="auth-card__signed-in-text">
        You're signed in as <strong>{user.name}</strong>.
      </p>
      <div className="auth-card__signed-in-actions">
        <Link to="/crypto" className="button button--primary">
          See today's prices
        </Link>
        <button
          type="button"
          className="button button--ghost"
          disabled={signOut.isPending}
          onClick={() => signOut.mutate(undefined, { onSuccess: onSignedOut })}
        >
          {signOut.isPending ? 'Signing out…' : 'Sign out'}
        </button>
      </div>
      {signOut.isError ? (
        <p className="auth-card__signed-in-error" role="alert">
          Sign-out failed. Check your connection and try again.
        </p>
      ) : null}
    </div>
  )
}
