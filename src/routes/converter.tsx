import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { searchParamText } from '@contract/search-param'
import { CURRENCIES } from '@contract/currency'
import { ConverterPage } from '@/features/converter/components/converter-page'
import { converterQueries, conversionOf } from '@/features/converter/queries'

// What the form sends: any text, checked by the page (which says what is wrong), never refused
// by the router, which reads `?amount=0.5` as the number 0.5 (contract/search-param.ts).
const text = v.optional(v.pipe(v.unknown(), v.transform(searchParamText)))
const ConverterSearchSchema = v.object({ from: text, to: text, amount: text })

export const Route = createFileRoute('/converter')({
  validateSearch: ConverterSearchSchema,
  loaderDeps: ({ search }) => ({ query: conversionOf(search).query }),
  // The page the server rendered carries its answer; a visit in the app asks for it.
  loader: ({ context: { prefetch }, deps: { query } }) => {
    if (query) void prefetch(converterQueries.answer(query))
  },
  head: () => ({
    meta: [
      { title: 'Crypto converter — Coinvera' },
      {
        name: 'description',
        content: `Convert any coin to another or to any of ${CURRENCIES.length} currencies at the latest prices.`,
      },
    ],
  }),
  component: ConverterRoute,
})

function ConverterRoute() {
  return <ConverterPage search={Route.useSearch()} />
}
