import { Link } from '@tanstack/react-router'
import { useFadeIn } from '@/components/fade-in'

export function SubscribeBanner() {
  const ref = useFadeIn<HTMLElement>(1500)
  return (
    <section ref={ref} className="section subscribe" aria-labelledby="subscribe-title">
      <div className="subscribe__card">
        <div className="subscribe__copy">
          <h2 id="subscribe-title" className="subscribe__title">
            Stay ahead of the market
          </h2>
          <p className="subscribe__text">
            Get a weekly digest of price moves, trending coins and Coinvera news, straight to your
            inbox. No spam, unsubscribe any time.
          </p>
        </div>
        <Link to="/" className="button button--light button--large">
          Subscribe
        </Link>
      </div>
    </section>
  )
}
