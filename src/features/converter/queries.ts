import { keepPreviousData, queryOptions, skipToken } from '@tanstack/react-query'
import * as v from 'valibot'
import {
  CONVERT_AMOUNT,
  CONVERTER_DEFAULTS,
  type ConvertAnswer,
  ConvertAnswerSchema,
  type ConvertQuery,
} from '@contract/converter'
import { CoinIdSchema } from '@contract/coin-id'
import { marketApi, parseResponse, requestJson } from '@/lib/http'

export async function fetchConversion(
  query: ConvertQuery,
  signal?: AbortSignal,
): Promise<ConvertAnswer> {
  const { body } = await requestJson(marketApi, 'convert', { searchParams: query, signal })
  return parseResponse(ConvertAnswerSchema, body)
}

/**
 * The address's `?from=&to=&amount=` as the server is asked them: the defaults for what is
 * missing; null with what is wrong when a value cannot be asked (the page says which).
 */
export function conversionOf(search: {
  from?: string | undefined
  to?: string | undefined
  amount?: string | undefined
}): { query: ConvertQuery; problem: null } | { query: null; problem: string } {
  const amount = (search.amount ?? CONVERTER_DEFAULTS.amount).trim().replace(/,/g, '')
  const from = search.from?.trim() || CONVERTER_DEFAULTS.from
  const to = search.to?.trim() || CONVERTER_DEFAULTS.to
  if (!CONVERT_AMOUNT.test(amount)) {
    return { query: null, problem: 'Enter an amount as a number, such as 0.5.' }
  }
  if (!v.is(CoinIdSchema, from) || !v.is(CoinIdSchema, to)) {
    return { query: null, problem: 'Pick what to convert from and to.' }
  }
  return { query: { from, to, amount }, problem: null }
}

export const converterQueries = {
  /** The answer for `query`; none asked for an address the form could not have sent (null). */
  answer: (query: ConvertQuery | null) =>
    queryOptions({
      queryKey: ['converter', query?.from ?? '', query?.to ?? '', query?.amount ?? ''] as const,
      queryFn: query ? ({ signal }) => fetchConversion(query, signal) : skipToken,
      meta: {
        schema: ConvertAnswerSchema,
        onPage: ({ converter }) => {
          const asked = converter?.query
          const same = asked?.from === query?.from && asked?.to === query?.to
          return converter && same && asked?.amount === query?.amount
            ? { data: converter.data }
            : undefined
        },
      },
      // The prices behind it refresh each minute on the server.
      staleTime: 60_000,
      // The menus keep their coins while the next answer loads.
      placeholderData: keepPreviousData,
    }),
}
