import { createFileRoute } from '@tanstack/react-router'
import { SearchPage } from '@/features/search/components/search-page'
import { searchQueries, searchText } from '@/features/search/queries'
import { SearchPageSchema } from '@contract/search-param'

export const Route = createFileRoute('/search')({
  validateSearch: SearchPageSchema,
  loaderDeps: ({ search: { q } }) => ({ q: searchText(q) }),
  // The page the server rendered for a search carries what it found.
  loader: ({ context: { fromPage }, deps: { q } }) => {
    if (q) fromPage(searchQueries.results(q))
  },
  // React escapes the search wherever it is written: title, description, heading, field.
  head: ({ match }) => {
    const q = match.search.q?.trim()
    if (!q) {
      return {
        meta: [
          { title: 'Search coins — Coinvera' },
          { name: 'description', content: 'Find any coin on Coinvera by its name or symbol.' },
        ],
      }
    }
    return {
      meta: [
        { title: `“${q}” — coin search — Coinvera` },
        { name: 'description', content: `Coins whose name or symbol matches “${q}” on Coinvera.` },
        // Results pages are for visitors, not for search engines' indexes.
        { name: 'robots', content: 'noindex' },
      ],
    }
  },
  component: SearchRoute,
})

function SearchRoute() {
  const { q } = Route.useSearch()
  return <SearchPage q={q} />
}
