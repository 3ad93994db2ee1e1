import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { foldText } from '@contract/search'
import { CoinIndex, type ListedCoin, oneEditFromPrefix, TIERS } from './coin-index'

const LIST: ListedCoin[] = JSON.parse(
  readFileSync(new URL('../../mocks/fixtures/coins-list.json', import.meta.url), 'utf8'),
)
// The market-cap ranks of the fixtures (coins-markets.json, search-trending.json).
const RANKS: Record<string, number> = {
  bitcoin: 1,
  ethereum: 2,
  tether: 3,
  ripple: 4,
  binancecoin: 5,
  solana: 6,
  hyperliquid: 12,
  sui: 18,
}

/** The ids found for `query`, best first, with the fixtures' ranks. */
function ids(coins: ListedCoin[], query: string, ranks: Record<string, number> = RANKS): string[] {
  const index = new CoinIndex(coins)
  const rankOf = (i: number) => ranks[coins[i]?.id ?? ''] ?? 0
  return index.search(query, rankOf, 10).map((match) => coins[match.index]?.id ?? '')
}

function tiers(coins: ListedCoin[], query: string): [string, string][] {
  const index = new CoinIndex(coins)
  return index.search(query, () => 0, 10).map((m) => [coins[m.index]?.id ?? '', m.tier])
}

const coin = (id: string, symbol: string, name: string): ListedCoin => ({ id, symbol, name })

describe('foldText', () => {
  it('drops case and diacritics, and reads dashes, underscores and spaces as one space', () => {
    expect(foldText('  Ēthéreum  Classic ')).toBe('ethereum classic')
    expect(foldText('USD-Coin')).toBe('usd coin')
    expect(foldText('ＢＴＣ')).toBe('btc')
    expect(foldText('wrapped__bitcoin')).toBe('wrapped bitcoin')
  })
})

describe('CoinIndex ranking', () => {
  it('puts Bitcoin first for "btc" and Ethereum for "eth", in any case', () => {
    expect(ids(LIST, 'btc')[0]).toBe('bitcoin')
    expect(ids(LIST, 'BTC')[0]).toBe('bitcoin')
    expect(ids(LIST, 'eth')[0]).toBe('ethereum')
  })

  it('finds Ethereum in the top 3 for "etherum" (one letter left out)', () => {
    expect(ids(LIST, 'etherum').slice(0, 3)).toContain('ethereum')
  })

  it('puts Tether and USD Coin before any coin merely containing "usd"', () => {
    const coins = [
      ...LIST,
      coin('bridged-usdc', 'xusd', 'Bridged USD Coin'),
      coin('first-digital-usd', 'fdusd', 'First Digital USD'),
    ]
    expect(ids(coins, 'usd').slice(0, 2)).toEqual(['tether', 'usd-coin'])
    expect(ids(coins, 'usd')).toContain('first-digital-usd')
  })

  it('orders the tiers: exact (symbol, name or id), prefix, word prefix, substring, one typo', () => {
    const coins = [
      coin('substring', 'zz1', 'Nethermind'),
      coin('word', 'zz2', 'Big Ether'),
      coin('prefix', 'zz3', 'Etherland'),
      coin('name', 'zz4', 'Ether'),
      coin('symbol', 'ether', 'Symbolic'),
      coin('typo', 'zz5', 'Ethir'),
    ]
    // Exact symbol and exact name are one tier: the shorter name goes first.
    expect(tiers(coins, 'ether')).toEqual([
      ['name', 'exact'],
      ['symbol', 'exact'],
      ['prefix', 'prefix'],
      ['word', 'word prefix'],
      ['substring', 'substring'],
      ['typo', 'one typo'],
    ])
  })

  it('matches the id too: exactly, by its start and by its words', () => {
    const coins = [coin('usd-coin', 'usdc', 'USDC'), coin('binancecoin', 'bnb', 'BNB')]
    expect(tiers(coins, 'usd coin')).toEqual([['usd-coin', 'exact']])
    expect(tiers(coins, 'binance')).toEqual([['binancecoin', 'prefix']])
    expect(tiers(coins, 'coin')).toEqual([
      ['usd-coin', 'word prefix'],
      ['binancecoin', 'substring'],
    ])
  })

  it('ranks within a tier by known rank, then the shorter name, then name and id', () => {
    const coins = [
      coin('c', 'abcz', 'Abc Longer Name'),
      coin('b', 'abcy', 'Abc Long'),
      coin('a', 'abcx', 'Abc Ranked With A Long Name'),
      coin('d', 'abcw', 'Abc Long'),
    ]
    expect(ids(coins, 'abc', { a: 50 })).toEqual(['a', 'b', 'd', 'c'])
  })

  it('puts a ranked coin matching up to a word prefix before any unranked one, typos last', () => {
    const coins = [
      coin('namesake', 'ethereum', 'Harry Potter Inu'),
      coin('ethereum', 'eth', 'Ethereum'),
      coin('ethereum-classic', 'etc', 'Ethereum Classic'),
      coin('staked-ether', 'steth', 'Lido Staked Ether'),
      coin('ethereal', 'ethrl', 'Etherum Rising'),
    ]
    const ranks = { ethereum: 2, 'ethereum-classic': 24, 'staked-ether': 14, ethereal: 900 }
    expect(ids(coins, 'ethereum', ranks)).toEqual([
      'ethereum',
      'ethereum-classic',
      'namesake',
      'ethereal',
    ])
    expect(ids(coins, 'eth', ranks)).toEqual([
      'ethereum',
      'ethereum-classic',
      'ethereal',
      'staked-ether',
      'namesake',
    ])
  })

  it('allows one typo only from 4 characters on, and only one', () => {
    const coins = [coin('kaspa', 'kas', 'Kaspa')]
    expect(ids(coins, 'ksapa')).toEqual(['kaspa']) // swapped
    expect(ids(coins, 'kaspx')).toEqual(['kaspa']) // changed
    expect(ids(coins, 'kasspa')).toEqual(['kaspa']) // added
    expect(ids(coins, 'kapa')).toEqual(['kaspa']) // left out
    expect(ids(coins, 'kxsxa')).toEqual([])
    expect(ids(coins, 'kax')).toEqual([])
  })

  it('answers at most the limit, and nothing for a miss or a blank query', () => {
    expect(ids(LIST, 'o')).toHaveLength(10)
    expect(ids(LIST, 'qqqqzz')).toEqual([])
    expect(ids(LIST, '   ')).toEqual([])
  })

  it('is the same for the same list and ranks, whatever was asked before', () => {
    const index = new CoinIndex(LIST)
    const run = (q: string) => index.search(q, () => 0, 10)
    const first = run('bit')
    run('e')
    run('etherum')
    expect(run('bit')).toEqual(first)
  })
})

describe('oneEditFromPrefix', () => {
  it('never reads past the end of the text into the next one', () => {
    const text = '\x01abc\x02defg\x01'
    expect(oneEditFromPrefix('abcd', text, 1)).toBe(true) // one added at the end
    expect(oneEditFromPrefix('abcdef', text, 1)).toBe(false)
    expect(oneEditFromPrefix('abxdef', text, 1)).toBe(false)
  })
})

// A coin's text as coins/list may have it: letters, digits, some punctuation and accents.
const word = fc.stringMatching(/^[a-zA-Z0-9éü.$+]{1,12}$/)
const listedCoin = fc.record({
  id: fc.stringMatching(/^[a-z0-9]{1,8}(-[a-z0-9]{1,8}){0,2}$/),
  symbol: word,
  name: fc.array(word, { minLength: 1, maxLength: 4 }).map((words) => words.join(' ')),
})

describe('CoinIndex properties', () => {
  it("always finds a coin by its exact symbol (among the limit's coins of that symbol)", () => {
    fc.assert(
      fc.property(
        fc.array(listedCoin, { minLength: 1, maxLength: 60 }),
        fc.nat(),
        fc.func(fc.nat({ max: 300 })),
        (coins, pick, rank) => {
          const target = coins[pick % coins.length] as ListedCoin
          const index = new CoinIndex(coins)
          const found = index.search(target.symbol, (i) => rank(i), 10)
          const q = foldText(target.symbol)
          const exact = coins.filter((c) => [c.symbol, c.name, c.id].some((t) => foldText(t) === q))
          // Ranked coins matching at a start may go first: the exact ones fill what they leave.
          const ranked = found.filter((m) => m.tier !== 'exact').length
          const hits = found.filter((m) => m.tier === 'exact').length
          expect(hits).toBe(Math.min(exact.length, 10 - ranked))
          if (exact.length + ranked <= 10) {
            expect(found.map((m) => coins[m.index])).toContain(target)
          }
        },
      ),
    )
  })

  it('finds only coins whose texts hold the query, or one typo from one, in tier order', () => {
    fc.assert(
      fc.property(
        fc.array(listedCoin, { minLength: 1, maxLength: 40 }),
        fc.stringMatching(/^[a-z0-9é ]{1,6}$/),
        (coins, query) => {
          const index = new CoinIndex(coins)
          const found = index.search(query, () => 0, 10)
          const q = foldText(query)
          const positions = found.map((m) => TIERS.indexOf(m.tier))
          expect(positions).toEqual([...positions].sort((a, b) => a - b))
          for (const match of found) {
            const c = coins[match.index] as ListedCoin
            const texts = [c.symbol, c.name, c.id].map(foldText)
            if (match.tier === 'one typo') expect(q.length).toBeGreaterThanOrEqual(4)
            else expect(texts.some((text) => text.includes(q))).toBe(true)
          }
        },
      ),
    )
  })
})

// The ranking as the tiers define it, by looking at every coin: what the index's maps must give.
const wordChar = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char)

/** Whether `a` and `b` are at most one edit apart (changed, added, left out, two swapped). */
function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true
  if (Math.abs(a.length - b.length) > 1) return false
  let i = 0
  while (a[i] === b[i]) i++
  const rest = (x: number, y: number) => a.slice(i + x) === b.slice(i + y)
  return (
    rest(1, 1) || rest(1, 0) || rest(0, 1) || (a[i] === b[i + 1] && a[i + 1] === b[i] && rest(2, 2))
  )
}

function tierByDefinition(coin: ListedCoin, q: string): number {
  let best: number = TIERS.length
  const texts = [foldText(coin.symbol), foldText(coin.name), foldText(coin.id)]
  for (const text of texts) {
    for (let at = text.indexOf(q); at !== -1; at = text.indexOf(q, at + 1)) {
      const tier = at === 0 ? (text === q ? 0 : 1) : wordChar(text[at - 1]) ? 3 : 2
      best = Math.min(best, tier)
    }
  }
  if (best < TIERS.length || q.length < 4) return best
  for (const text of texts) {
    for (let start = 0; start < text.length; start++) {
      if (start > 0 && !(wordChar(text[start]) && !wordChar(text[start - 1]))) continue
      for (let length = q.length - 1; length <= q.length + 1; length++) {
        if (start + length <= text.length && withinOneEdit(q, text.slice(start, start + length))) {
          return 4
        }
      }
    }
  }
  return best
}

function searchByDefinition(coins: ListedCoin[], query: string, rankOf: (i: number) => number) {
  const q = foldText(query)
  if (q === '') return []
  const rank = (i: number) => rankOf(i) || Number.POSITIVE_INFINITY
  return coins
    .map((coin, index) => ({ index, tier: tierByDefinition(coin, q) }))
    .filter((match) => match.tier < TIERS.length)
    .sort((a, b) => {
      const [x, y] = [coins[a.index] as ListedCoin, coins[b.index] as ListedCoin]
      // Up to the word prefixes (tier 2), a known rank first.
      const group = (m: typeof a) => (m.tier > 2 ? m.tier : rank(m.index) < Infinity ? 0 : 1)
      if (group(a) !== group(b)) return group(a) - group(b)
      if (a.tier !== b.tier) return a.tier - b.tier
      if (rank(a.index) !== rank(b.index)) return rank(a.index) - rank(b.index)
      if (x.name.length !== y.name.length) return x.name.length - y.name.length
      if (x.name !== y.name) return x.name < y.name ? -1 : 1
      return x.id < y.id ? -1 : x.id > y.id ? 1 : 0
    })
    .slice(0, 10)
    .map(({ index, tier }) => ({ index, tier: TIERS[tier] }))
}

describe('CoinIndex against the definition', () => {
  // Few letters, so that coins share trigrams, starts and typo keys, as real names do.
  const text = fc.stringMatching(/^[abcé$. -]{1,9}$/)
  const coins = fc.array(fc.record({ id: text, symbol: text, name: text }), {
    minLength: 1,
    maxLength: 40,
  })
  // A query typed from scratch, or a coin's text cut and given a typo.
  const query = fc.oneof(
    fc.stringMatching(/^[abcé$. -]{1,7}$/),
    fc
      .tuple(text, fc.nat(), fc.nat(), fc.constantFrom('swap', 'drop', 'change', 'add'))
      .map(([t, from, at, edit]) => {
        const cut = t.slice(from % t.length)
        const i = at % cut.length
        if (edit === 'swap') return cut.slice(0, i) + cut[i + 1] + cut[i] + cut.slice(i + 2)
        if (edit === 'drop') return cut.slice(0, i) + cut.slice(i + 1)
        if (edit === 'change') return `${cut.slice(0, i)}b${cut.slice(i + 1)}`
        return `${cut.slice(0, i)}a${cut.slice(i)}`
      }),
  )

  it('finds the same coins in the same order as looking at every coin', () => {
    fc.assert(
      fc.property(coins, query, fc.func(fc.nat({ max: 5 })), (list, q, rank) => {
        const index = new CoinIndex(list)
        const rankOf = (i: number) => rank(i)
        expect(index.search(q, rankOf, 10)).toEqual(searchByDefinition(list, q, rankOf))
      }),
      { numRuns: 500 },
    )
  })
})
