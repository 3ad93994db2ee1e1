import { foldText } from '@contract/search'

/** A coin as `coins/list` names it. */
export type ListedCoin = { id: string; symbol: string; name: string }

/**
 * How well a coin matches, best first: its symbol exactly, its name (or id) exactly, the start of
 * its symbol, name or id, the start of a word in them, anywhere in them, then (for queries of 4
 * characters or more) the start of its symbol, name, id or one of their words with one typo.
 */
export const TIERS = ['symbol', 'name', 'prefix', 'word prefix', 'substring', 'one typo'] as const
export type Tier = (typeof TIERS)[number]
const TYPO_TIER = 5
/** Queries shorter than this get no typo matches: too many words are one edit from them. */
export const TYPO_MIN_LENGTH = 4

// Each coin's folded texts in one string, each text after its kind's mark, so one native
// `indexOf` finds every coin a query occurs in: "\x01btc\x02bitcoin\x03bitcoin".
const SYMBOL = 1
const NAME = 2
const ID = 3
const isMark = (code: number) => code <= ID

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u
/** Whether a character is a letter or digit (ASCII without a regular expression: the hot path). */
function isWordChar(text: string, at: number): boolean {
  const code = text.charCodeAt(at)
  if (code < 128) return (code >= 97 && code <= 122) || (code >= 48 && code <= 57)
  return LETTER_OR_DIGIT.test(text[at] as string)
}

/** A coin found, by its position in the list, and how. */
export type Match = { index: number; tier: Tier }

/**
 * The upstream's coin list, searchable in memory: built once per list (a day). A query looks at
 * the starts of texts and words that begin with its first character, then, only when those give
 * fewer coins than asked for, everywhere (one native `indexOf` scan of one string), then at typos.
 * Ranking is deterministic: by tier, then known market-cap rank, then the shorter name, then name
 * and id.
 */
export class CoinIndex {
  readonly coins: readonly ListedCoin[]
  readonly #text: string
  /** The coin each character of `#text` belongs to. */
  readonly #coinAt: Int32Array
  /**
   * Where texts and their words start, by their first character, and by character pairs: the
   * first two, the second and third, the first and third.
   */
  readonly #byFirst: Map<number, Int32Array>
  readonly #byPair: [Map<number, Int32Array>, Map<number, Int32Array>, Map<number, Int32Array>]
  // Per query, reused: each coin's best tier so far (TIERS.length: none).
  readonly #best: Uint8Array

  constructor(coins: readonly ListedCoin[]) {
    this.coins = coins
    const parts: string[] = []
    const owners: number[] = []
    const starts: number[] = []
    let length = 0
    coins.forEach((coin, index) => {
      const texts: [number, string][] = [
        [SYMBOL, foldText(coin.symbol)],
        [NAME, foldText(coin.name)],
        [ID, foldText(coin.id)],
      ]
      for (const [mark, text] of texts) {
        parts.push(String.fromCharCode(mark), text)
        owners.push(index, text.length + 1)
        for (let i = 0; i < text.length; i++) {
          if (i === 0 || (isWordChar(text, i) && !isWordChar(text, i - 1))) {
            starts.push(length + 1 + i)
          }
        }
        length += text.length + 1
      }
    })
    const text = `${parts.join('')}\x01`
    this.#text = text
    this.#coinAt = new Int32Array(text.length)
    let at = 0
    for (let i = 0; i < owners.length; i += 2) {
      const count = owners[i + 1] as number
      this.#coinAt.fill(owners[i] as number, at, at + count)
      at += count
    }
    this.#coinAt[at] = -1
    this.#byFirst = bucket(starts, (start) => text.charCodeAt(start))
    const pairAt = (a: number, b: number) => (start: number) =>
      pair(text.charCodeAt(start + a), text.charCodeAt(start + b))
    this.#byPair = [
      bucket(starts, pairAt(0, 1)),
      bucket(starts, pairAt(1, 2)),
      bucket(starts, pairAt(0, 2)),
    ]
    this.#best = new Uint8Array(coins.length).fill(TIERS.length)
  }

  /**
   * The best `limit` coins for `query`, best first. `rankOf(index)` is a coin's market-cap rank,
   * or 0 when unknown (ranked after every known rank).
   */
  search(query: string, rankOf: (index: number) => number, limit: number): Match[] {
    const q = foldText(query)
    if (q === '') return []
    const text = this.#text
    const best = this.#best
    const touched: number[] = []
    const note = (coin: number, tier: number) => {
      const was = best[coin] as number
      if (was === TIERS.length) touched.push(coin)
      if (tier < was) best[coin] = tier
    }
    const top = new TopMatches(this, rankOf, limit)
    const offerNew = (from: number) => {
      for (let i = from; i < touched.length; i++) {
        const coin = touched[i] as number
        top.offer(coin, best[coin] as number)
      }
    }
    // The first four tiers are matches at a start. A query that starts with punctuation ("$")
    // can match after a start too: it goes straight to the scan.
    const first = q.charCodeAt(0)
    const atStarts = isWordChar(q, 0)
    if (atStarts) {
      const starts =
        q.length === 1
          ? this.#byFirst.get(first)
          : this.#byPair[0].get(pair(first, q.charCodeAt(1)))
      for (const start of starts ?? NONE) {
        if (text.startsWith(q, start)) note(this.#coinAt[start] as number, this.#tierAt(start, q))
      }
      offerNew(0)
    }
    if (top.size < limit) {
      const before = touched.length
      for (let at = text.indexOf(q); at !== -1; at = text.indexOf(q, at + 1)) {
        note(this.#coinAt[at] as number, this.#tierAt(at, q))
      }
      if (atStarts) offerNew(before)
      else offerNew(0)
    }
    // Typos only fill what exact matches left: they rank after all of them.
    if (top.size < limit && q.length >= TYPO_MIN_LENGTH) {
      for (const start of this.#typoCandidates(q)) {
        const coin = this.#coinAt[start] as number
        if (best[coin] === TIERS.length && oneEditFromPrefix(q, text, start)) {
          note(coin, TYPO_TIER)
          top.offer(coin, TYPO_TIER)
        }
      }
    }
    for (const coin of touched) best[coin] = TIERS.length
    return top.matches()
  }

  /**
   * The starts a query of 4 or more characters may be one edit from. Whatever the edit, two of
   * the start's first three characters are two of the query's: the first two unless the edit is
   * in them; else, by where it is, the second and third (one changed or missing at the start),
   * the first and third (one changed or missing second), or the first two hold the query's first
   * and third, second and third, or second and first (one added, or two swapped).
   */
  *#typoCandidates(q: string): Generator<number> {
    const [c0, c1, c2] = [q.charCodeAt(0), q.charCodeAt(1), q.charCodeAt(2)]
    const [first2, next2, skip1] = this.#byPair
    const lookups: [Map<number, Int32Array>, number][] = [
      [first2, pair(c0, c1)],
      [first2, pair(c1, c2)],
      [first2, pair(c0, c2)],
      [first2, pair(c1, c0)],
      [next2, pair(c1, c2)],
      [next2, pair(c0, c1)],
      [skip1, pair(c0, c2)],
      [skip1, pair(c0, c1)],
    ]
    for (const [map, key] of lookups) yield* map.get(key) ?? NONE
  }

  /** The tier of an occurrence of the query at `at`. */
  #tierAt(at: number, q: string): number {
    const text = this.#text
    const before = text.charCodeAt(at - 1)
    if (isMark(before)) {
      if (!isMark(text.charCodeAt(at + q.length))) return 2
      return before === SYMBOL ? 0 : 1
    }
    return isWordChar(text, at - 1) ? 4 : 3
  }
}

const NONE = new Int32Array(0)
const pair = (a: number, b: number) => a * 65_536 + b

/** Positions grouped by a character code. */
function bucket(positions: number[], keyOf: (position: number) => number): Map<number, Int32Array> {
  const groups = new Map<number, number[]>()
  for (const position of positions) {
    const key = keyOf(position)
    const group = groups.get(key)
    if (group) group.push(position)
    else groups.set(key, [position])
  }
  return new Map([...groups].map(([key, group]) => [key, Int32Array.from(group)]))
}

/** The best `limit` coins offered, kept in order as they come (most are worse than the last). */
class TopMatches {
  readonly #index: CoinIndex
  readonly #rankOf: (index: number) => number
  readonly #limit: number
  readonly #kept: { coin: number; tier: number }[] = []

  constructor(index: CoinIndex, rankOf: (index: number) => number, limit: number) {
    this.#index = index
    this.#rankOf = rankOf
    this.#limit = limit
  }

  get size(): number {
    return this.#kept.length
  }

  offer(coin: number, tier: number): void {
    const kept = this.#kept
    let at = kept.length
    while (at > 0 && this.#before(coin, tier, kept[at - 1] as { coin: number; tier: number })) {
      at--
    }
    if (at >= this.#limit) return
    kept.splice(at, 0, { coin, tier })
    if (kept.length > this.#limit) kept.pop()
  }

  matches(): Match[] {
    return this.#kept.map(({ coin, tier }) => ({ index: coin, tier: TIERS[tier] as Tier }))
  }

  /** Whether `coin` at `tier` ranks before `other`: tier, known rank, shorter name, name, id. */
  #before(coin: number, tier: number, other: { coin: number; tier: number }): boolean {
    if (tier !== other.tier) return tier < other.tier
    const rank = this.#rankOf(coin) || Number.POSITIVE_INFINITY
    const otherRank = this.#rankOf(other.coin) || Number.POSITIVE_INFINITY
    if (rank !== otherRank) return rank < otherRank
    const a = this.#index.coins[coin] as ListedCoin
    const b = this.#index.coins[other.coin] as ListedCoin
    if (a.name.length !== b.name.length) return a.name.length < b.name.length
    if (a.name !== b.name) return a.name < b.name
    return a.id < b.id
  }
}

/**
 * Whether `q` is at most one edit (a character changed, added or left out, or two neighbours
 * swapped) from a prefix of the text starting at `start` (which ends at a mark: no query holds
 * one, so a comparison with it fails).
 */
export function oneEditFromPrefix(q: string, text: string, start: number): boolean {
  let i = 0
  while (i < q.length && q.charCodeAt(i) === text.charCodeAt(start + i)) i++
  if (i === q.length) return true
  const at = start + i
  // A character the text lacks (also the only fit when the text has ended here, at a mark).
  if (sameFrom(q, i + 1, text, at)) return true
  if (isMark(text.charCodeAt(at))) return false
  return (
    // A character the query lacks, or one changed.
    sameFrom(q, i, text, at + 1) ||
    sameFrom(q, i + 1, text, at + 1) ||
    // Two neighbours swapped.
    (q.charCodeAt(i) === text.charCodeAt(at + 1) &&
      q.charCodeAt(i + 1) === text.charCodeAt(at) &&
      sameFrom(q, i + 2, text, at + 2))
  )
}

/** Whether the query from `from` on is the text from `at` on. */
function sameFrom(q: string, from: number, text: string, at: number): boolean {
  for (let k = from; k < q.length; k++) {
    if (q.charCodeAt(k) !== text.charCodeAt(at + k - from)) return false
  }
  return true
}
