import type { ReactNode } from 'react'

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
          {children}
        </div>
      </div>
    </section>
  )
}
