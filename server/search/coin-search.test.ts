import { describe, expect, it } from 'vitest'
import type { ListedCoin } from './coin-index'
import { CoinSearch, type MarketRow } from './coin-search'

const coin = (id: string, symbol: string, name: string): ListedCoin => ({ id, symbol, name })
const LIST = [coin('ethereum', 'eth', 'Ethereum'), coin('ethena', 'ena', 'Ethena')]

/** A search over sources the test changes, counting the refreshes it asks for. */
function searchOver(sources: { list: ListedCoin[]; rows: MarketRow[] }) {
  let refreshes = 0
  const search = new CoinSearch({
    list: () => ({ coins: sources.list, source: 'upstream' }),
    refreshList: () => {
      refreshes++
    },
    marketRows: () => [sources.rows],
  })
  return { search, refreshes: () => refreshes }
}

const decoded = (body: Uint8Array) => JSON.parse(new TextDecoder().decode(body))

describe('CoinSearch', () => {
  it("answers with the coins and their JSON, kept for the same query however it's typed", () => {
    const { search } = searchOver({ list: LIST, rows: [] })
    const first = search.search('eth')
    expect(first.coins.map((c) => c.id)).toEqual(['ethereum', 'ethena'])
    expect(decoded(first.body)).toEqual({ coins: first.coins })
    expect(search.search('  ETH ')).toBe(first)
  })

  it('answers anew when a market list brings other ranks', () => {
    const sources: { list: ListedCoin[]; rows: MarketRow[] } = {
      list: LIST,
      rows: [{ id: 'ethereum', rank: 2, image: null }],
    }
    const { search } = searchOver(sources)
    expect(search.search('ethe').coins.map((c) => [c.id, c.rank])).toEqual([
      ['ethereum', 2],
      ['ethena', null],
    ])
    // The market cache refreshed: a new body, new rows.
    sources.rows = [
      { id: 'ethena', rank: 1, image: 'ena.png' },
      { id: 'ethereum', rank: 2, image: null },
    ]
    expect(search.search('ethe').coins.map((c) => [c.id, c.rank, c.image])).toEqual([
      ['ethena', 1, 'ena.png'],
      ['ethereum', 2, null],
    ])
  })

  it("answers anew from a new coin list, with the ranks read again for the new list's order", () => {
    const sources = {
      list: LIST,
      rows: [
        { id: 'ethena', rank: 30, image: null },
        { id: 'ethereum', rank: 2, image: null },
      ],
    }
    const { search } = searchOver(sources)
    expect(search.search('eth').coins.map((c) => c.id)).toEqual(['ethereum', 'ethena'])
    sources.list = [coin('ether-fi', 'ethfi', 'Ether.fi'), ...LIST.toReversed()]
    expect(search.search('eth').coins.map((c) => [c.id, c.rank])).toEqual([
      ['ethereum', 2],
      ['ethena', 30],
      ['ether-fi', null],
    ])
  })

  it('asks for the coin list to be refreshed (when due) on every search, kept answers included', () => {
    const { search, refreshes } = searchOver({ list: LIST, rows: [] })
    search.search('eth')
    search.search('eth')
    expect(refreshes()).toBe(2)
  })
})
