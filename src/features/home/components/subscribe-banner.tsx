import { Link } from '@tanstack/react-router'
import { useFadeIn } from '@/components/fade-in'

/**
 * The product's subscribe banner: its Subscribe button leads home and nowhere else. The one line
 * beside it offers what an account gives today, price alerts by email (`signedIn`: leads to them).
 */
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
            {signedIn ? (
              <>
                Price alerts by email: <Link to="/account/alerts">see your alerts</Link>, or set one
                on any coin's page.
              </>
            ) : (
              <>
                Price alerts by email come free with an account:{' '}
                <Link to="/signup">create one</Link>, then set an alert on any coin's page.
              </>
            )}
          </p>
        </div>
        <Link to="/" className="button button--light button--large">
          Subscribe
        </Link>
      </div>
    </section>
  )
}
