import { Link, useNavigate } from '@tanstack/react-router'
import { useDeferredValue, useId } from 'react'
import { useHydrated, usePageQuery } from '@/components/hydrated'
import { SEARCH_QUERY_MAX } from '@contract/search'
import { searchQueries, searchText } from '../queries'
import { CoinMatch } from './coin-match'
import { SearchStatus } from './search-status'

/**
 * The /search page: a plain GET form, and the coins found, each a link to its page. Rendered by
 * the server with its results; served as the prerendered page instead (a refused or invalid
 * search), it names the search only once the app runs, so the first render matches the HTML.
 */
export function SearchPage({ q }: { q: string | undefined }) {
  const navigate = useNavigate()
  const hydrated = useHydrated()
  const inputId = useId()
  const query = searchText(q)
  const options = searchQueries.results(query ?? '')
  const result = usePageQuery({ ...options, enabled: query !== null })
  const data = useDeferredValue(query === null ? undefined : result.data)
  // What the page is about: while hydrating, only what the server rendered it with (a
  // prerendered page, served for a search it refused, names none).
  const shown = hydrated || data ? query : null
  const invalid = hydrated && query === null && (q ?? '').trim() !== ''

  return (
    <section className="page search-page">
      <h1>{shown === null ? 'Search coins' : `Coins matching “${shown}”`}</h1>
      <form
        className="search-form"
        action="/search"
        method="get"
        onSubmit={(event) => {
          event.preventDefault()
          const value = new FormData(event.currentTarget).get('q')
          void navigate({ to: '/search', search: { q: typeof value === 'string' ? value : '' } })
        }}
      >
        <label className="visually-hidden" htmlFor={inputId}>
          Search coins
        </label>
        <input
          // A new search shown is a new field, holding it.
          key={shown}
          id={inputId}
          className="search-form__input"
          type="search"
          name="q"
          defaultValue={shown ?? ''}
          maxLength={SEARCH_QUERY_MAX}
          placeholder="Name or symbol"
        />
        <button className="button button--primary" type="submit">
          Search
        </button>
      </form>
      {invalid ? (
        <p className="search-status" role="alert">
          A search is 1 to {SEARCH_QUERY_MAX} characters, none of them a control character.
        </p>
      ) : null}
      {data && shown !== null && data.coins.length > 0 ? (
        <ul className="search-results" aria-label="Coins found">
          {data.coins.map((coin) => (
            <li key={coin.id}>
              <Link className="coin-match" to="/coins/$coinId" params={{ coinId: coin.id }}>
                <CoinMatch coin={coin} query={shown} />
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {invalid ? null : (
        <SearchStatus
          query={shown}
          result={{ data, error: result.error, isFetching: result.isFetching }}
        />
      )}
    </section>
  )
}
