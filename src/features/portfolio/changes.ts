import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import { ERROR_MESSAGES } from '@contract/error-messages'
import {
  PORTFOLIO_MAX,
  type Portfolio,
  PortfolioSchema,
  type Transaction,
  type TransactionInput,
} from '@contract/portfolio'
import { api, parseResponse, requestJson } from '@/lib/http'
import { newRefusals } from '@/lib/portfolio/holdings'
import { readLocal, writeLocal } from './local'
import { portfolioQueries } from './queries'

export type PortfolioChange =
  | { kind: 'add'; inputs: readonly TransactionInput[] }
  | { kind: 'edit'; id: string; input: TransactionInput }
  | { kind: 'delete'; id: string }

const inputOf = ({ id: _id, ...input }: Transaction): TransactionInput => input

/** The list after a change; new transactions get an id of their own until the server's. */
export function applyChange(list: readonly Transaction[], change: PortfolioChange): Transaction[] {
  if (change.kind === 'delete') return list.filter((t) => t.id !== change.id)
  if (change.kind === 'edit') {
    return list.map((t) => (t.id === change.id ? { id: t.id, ...change.input } : t))
  }
  return [...list, ...change.inputs.map((input) => ({ id: crypto.randomUUID(), ...input }))]
}

/** Why the server would refuse the change, checked first: no request for a sure refusal. */
export function refusalOf(list: readonly Transaction[], next: readonly Transaction[]) {
  if (next.length > PORTFOLIO_MAX) return ERROR_MESSAGES.portfolio_full
  if (newRefusals(list, next).length > 0) return ERROR_MESSAGES.exceeds_holding
  return null
}

async function sendChange(change: PortfolioChange): Promise<Portfolio> {
  const { body } =
    change.kind === 'add'
      ? await requestJson(api, 'api/portfolio/transactions', {
          method: 'post',
          json: { transactions: change.inputs },
        })
      : change.kind === 'edit'
        ? await requestJson(api, `api/portfolio/transactions/${change.id}`, {
            method: 'put',
            json: change.input,
          })
        : await requestJson(api, `api/portfolio/transactions/${change.id}`, { method: 'delete' })
  return parseResponse(PortfolioSchema, body)
}

/**
 * A change to the visitor's portfolio: this browser's when signed out; the account's when signed
 * in, shown at once (optimistic) and put back as it was if the server refuses it, the error
 * saying why.
 */
export function usePortfolioChange(signedIn: boolean) {
  const queryClient = useQueryClient()
  const key = portfolioQueries.account().queryKey
  return useMutation({
    mutationFn: async (change: PortfolioChange) => {
      const current = signedIn ? queryClient.getQueryData(key)?.transactions : readLocal()
      const refusal = current ? refusalOf(current, applyChange(current, change)) : null
      if (refusal) throw new Error(refusal)
      if (signedIn) return sendChange(change)
      writeLocal(applyChange(readLocal(), change))
      return null
    },
    onMutate: async (change) => {
      if (!signedIn) return { previous: undefined }
      await queryClient.cancelQueries({ queryKey: key })
      const previous = queryClient.getQueryData(key)
      if (previous) {
        const next = applyChange(previous.transactions, change)
        if (!refusalOf(previous.transactions, next)) {
          queryClient.setQueryData(key, { transactions: next })
        }
      }
      return { previous }
    },
    onError: (_error, _change, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous)
    },
    onSuccess: (data) => {
      if (data) queryClient.setQueryData(key, data)
    },
  })
}

/**
 * Moves the browser's transactions into the signed-in account, all or none. They are taken
 * from storage before the request, so a second tab doing the same finds none to send twice; if
 * the account refuses them (its cap, a sell past a holding) they go back, and the message says
 * why.
 */
export async function mergeIntoAccount(queryClient: QueryClient): Promise<string | null> {
  const taken = readLocal()
  if (taken.length === 0) return null
  writeLocal([])
  try {
    const merged = await sendChange({ kind: 'add', inputs: taken.map(inputOf) })
    // A read that started before the merge would answer the list without it.
    const { queryKey } = portfolioQueries.account()
    await queryClient.cancelQueries({ queryKey })
    queryClient.setQueryData(queryKey, merged)
    return null
  } catch (error) {
    writeLocal([...taken, ...readLocal()])
    const reason = error instanceof Error ? error.message : ''
    return `The transactions kept in this browser could not move into your account. ${reason}`
  }
}
