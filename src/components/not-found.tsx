import { Link } from '@tanstack/react-router'

export function NotFound() {
  return (
    <section className="page not-found">
      <title>Page not found — Coinvera</title>
      <h1>Page not found</h1>
      <p>We could not find the page you asked for.</p>
      <Link to="/">Back to the home page</Link>
    </section>
  )
}
