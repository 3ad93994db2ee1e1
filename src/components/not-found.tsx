import { Link, useLocation } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'

/** What the address asked for, as a search: a coin's id, else the last part of the path. */
export function askedFor(pathname: string): string {
  const last = pathname.split('/').filter(Boolean).at(-1) ?? ''
  try {
    return decodeURIComponent(last).slice(0, 50)
  } catch {
    return ''
  }
}

export function NotFound() {
  const { pathname } = useLocation()
  const input = useRef<HTMLInputElement>(null)
  // The page is one file served for every unknown address: what was asked for is filled in once
  // the app runs (a field the visitor has typed in is left alone).
  useEffect(() => {
    if (input.current && input.current.value === '') input.current.value = askedFor(pathname)
  }, [pathname])

  return (
    <section className="page not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>Page not found</h1>
      <p className="not-found__text">
        This page has drifted off the chart. The link may be old, or the address mistyped.
      </p>
      <form className="search-form not-found__search" action="/search" method="get">
        <label className="visually-hidden" htmlFor="not-found-search">
          Search coins
        </label>
        <input
          ref={input}
          id="not-found-search"
          className="search-form__input"
          type="search"
          name="q"
          maxLength={50}
          placeholder="Search coins"
        />
        <button className="button button--ghost" type="submit">
          Search coins
        </button>
      </form>
      <Link to="/" className="button button--primary">
        Back to the home page
      </Link>
    </section>
  )
}
