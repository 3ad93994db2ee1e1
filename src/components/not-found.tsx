import { Link } from '@tanstack/react-router'

export function NotFound() {
  return (
    <section className="page not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>Page not found</h1>
      <p className="not-found__text">
        This page has drifted off the chart. The link may be old, or the address mistyped.
      </p>
      <Link to="/" className="button button--primary">
        Back to the home page
      </Link>
    </section>
  )
}
