import { Link } from '@tanstack/react-router'
import { HeroArt } from './hero-art'

/** `signedIn`: Get Started leads to the prices instead of a sign-up form. */
export function Hero({ signedIn = false }: { signedIn?: boolean }) {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero__inner">
        <div className="hero__copy">
          <p className="eyebrow">Track the prices of the top 2,000 cryptocurrencies</p>
          <h1 id="hero-title" className="hero__title">
            Make better business with <span className="text-gradient">cryptocurrency</span>
          </h1>
          <p className="hero__lead">
            Coinvera brings live prices, trending coins, the full market list, search and price
            alerts by email together on one simple site, free for everyone.
          </p>
          <div className="hero__actions">
            <Link
              to={signedIn ? '/crypto' : '/signup'}
              className="button button--primary button--large"
            >
              Get Started
            </Link>
          </div>
        </div>
        <HeroArt />
      </div>
    </section>
  )
}
