import { Link } from '@tanstack/react-router'
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react'
import { env } from '@/lib/env'
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
 * form. A signed-in visitor gets the signed-in state in the form's place: the server renders it
 * so for them, and it follows the session in the browser; `forAnyone`: the form stays for a
 * signed-in visitor too (a link opened from an email). `notice` is a short status said above the
 * form (a sign-out made without JavaScript lands here).
 */
export function AuthLayout({
  title,
  intro,
  notice,
  children,
  forAnyone = false,
}: {
  title: string
  intro: string
  notice?: string | undefined
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
          {user ? (
            <SignedIn user={user} onSignedOut={() => setSignedOut(true)} />
          ) : (
            <>
              <h1 className="auth-card__title">{title}</h1>
              <p className="auth-card__intro">{intro}</p>
              {notice ? (
                <p className="auth-card__notice" role="status">
                  {notice}
                </p>
              ) : null}
              <div ref={formRef} className="auth-card__form">
                {children}
              </div>
            </>
          )}
        </div>
      </div>
    </section>
  )
}

/** Who is signed in, the way on, and a way out (a form, so it works without JavaScript). */
function SignedIn({ user, onSignedOut }: { user: SessionUser; onSignedOut: () => void }) {
  const signOut = useSignOut()
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!signOut.isPending) signOut.mutate(undefined, { onSuccess: onSignedOut })
  }
  return (
    <>
      <h1 className="auth-card__title">You're signed in</h1>
      <p className="auth-card__intro">
        You're signed in as <strong>{user.name}</strong>.
      </p>
      <div className="auth-card__signed-in">
        <a href="/account" className="button button--primary">
          Go to your account
        </a>
        <Link to="/crypto" className="button button--ghost">
          See today's prices
        </Link>
        <form method="post" action={`${env.formApiUrl}api/auth/sign-out`} onSubmit={submit}>
          <button
            type="submit"
            name="scope"
            value="this"
            className="button button--ghost"
            aria-disabled={signOut.isPending}
          >
            {signOut.isPending ? 'Signing out…' : 'Sign out'}
          </button>
        </form>
      </div>
      {signOut.isError ? (
        <p className="auth-card__signed-in-error" role="alert">
          Sign-out failed. Check your connection and try again.
        </p>
      ) : null}
    </>
  )
}
