import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { useHydrated } from '@/components/hydrated'
import { authQueries } from '../session'

const benefits = [
  'Live prices for the leading coins',
  'Bank-grade security, 98% of assets offline',
  'Support from real people, 24/7',
]

/** The frame of the sign-up and sign-in pages: the page's h1, a short pitch, then the form. */
export function AuthLayout({
  title,
  intro,
  children,
}: {
  title: string
  intro: string
  children: ReactNode
}) {
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
          <SignedInNotice />
          {children}
        </div>
      </div>
    </section>
  )
}

/** A signed-in visitor who lands here is told so (the forms still work, for another account). */
function SignedInNotice() {
  const hydrated = useHydrated()
  const { data: user } = useQuery(authQueries.session())
  if (!hydrated || !user) return null
  return (
    <p className="auth-card__signed-in">
      You are signed in as <strong>{user.name}</strong>. <Link to="/">Go to the home page</Link>
    </p>
  )
}
