import { Link } from '@tanstack/react-router'

export function SubscribeBanner() {
  return (
    <section className="subscribe" aria-labelledby="subscribe-title">
      <h2 id="subscribe-title">Stay ahead of the market</h2>
      <Link to="/">Subscribe</Link>
    </section>
  )
}
