import { Link } from '@tanstack/react-router'

export function Hero() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <h1 id="hero-title">Make better business with cryptocurrency</h1>
      <p>Buy, sell and follow the leading coins on one simple, secure platform.</p>
      <Link to="/signup">Get Started</Link>
    </section>
  )
}
