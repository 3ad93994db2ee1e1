import { Link } from '@tanstack/react-router'
import { useFadeIn } from '@/components/fade-in'

/** Offers what an account gives today: price alerts by email. `signedIn`: leads to them instead. */
export function SubscribeBanner({ signedIn = false }: { signedIn?: boolean }) {
  const ref = useFadeIn<HTMLElement>(1500)
  return (
    <section ref={ref} className="section subscribe" aria-labelledby="subscribe-title">
      <div className="subscribe__card">
        <div className="subscribe__copy">
          <h2 id="subscribe-title" className="subscribe__title">
            Stay ahead of the market
          </h2>
          <p className="subscribe__text">
            Create a free account and we email you when a coin goes above or below the price you
            choose. Set a price alert from any coin's page.
          </p>
        </div>
        <Link
          to={signedIn ? '/account/alerts' : '/signup'}
          className="button button--light button--large"
        >
          {signedIn ? 'Your price alerts' : 'Create an account'}
        </Link>
      </div>
    </section>
  )
}
