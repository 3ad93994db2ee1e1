import { foldText } from '@contract/search'

/** A coin as `coins/list` names it. */
export type ListedCoin = { id: string; symbol: string; name: string }

/**
 * How well a coin matches, best first: its symbol, name or id exactly (one tier: real lists hold
 * unranked tokens whose symbol is another coin's name, "ethereum"), the start of its symbol,
 * name or id, the start of a word in them, anywhere in them, then (for queries of 4 characters
 * or more) the start of its symbol, name, id or one of their words with one typo.
 */
export const TIERS = ['exact', 'prefix', 'word prefix', 'substring', 'one typo'] as const
export type Tier = (typeof TIERS)[number]
/** The last tier in which a coin with a known market-cap rank goes before every coin without. */
const WORD_PREFIX_TIER = 2
const TYPO_TIER = 4
const NO_TIER = TIERS.length
/** Queries shorter than this get no typo matches: too many words are one edit from them. */
export const TYPO_MIN_LENGTH = 4

// Each coin's folded texts in one string, each text after its kind's mark, so a position tells
// the coin and whether it starts a text: "\x01btc\x02bitcoin\x03bitcoin".
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
 * The upstream's coin list, searchable in memory: built once per list (a day). Every lookup is
 * into a map of positions, so a query costs in proportion to the coins it could match, not to
 * the list: a query of 3 characters or more reads the positions of its rarest trigram (three
 * characters in a row) and keeps those where the whole query follows; a shorter one reads the
 * starts of texts and words that begin with it, and only when those give fewer coins than asked
 * for, every place it occurs; typos read four keys of the starts' first characters. Ranking is
 * deterministic: a coin with a known market-cap rank matching exactly or at a start goes before
 * every coin without one (real lists are full of unranked namesakes); then by tier, known rank,
 * the shorter name, name and id. A substring or typo match comes after all of those.
 */
export class CoinIndex {
  readonly coins: readonly ListedCoin[]
  readonly #text: string
  /** The coin each character of `#text` belongs to. */
  readonly #coinAt: Int32Array
  /** Where each coin's texts end in `#text`. */
  readonly #coinEnd: Int32Array
  /** Each coin's place when sorted by the shorter name, then name, then id (ties after rank). */
  readonly #order: Int32Array
  /** Where texts and their words start, by their first character and by their first two. */
  readonly #startsBy1: Map<number, Int32Array>
  readonly #startsBy2: Map<number, Int32Array>
  /** Where each trigram is, by its position's first character. */
  readonly #trigrams: Map<number, Int32Array>
  /** Starts by their typo keys (`typoKeys`): a start one edit from a query shares a key with it. */
  readonly #typos: Map<number, Int32Array>
  // Per query, reused: each coin's best tier so far (NO_TIER: none).
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
    this.#coinEnd = new Int32Array(coins.length)
    let at = 0
    for (let i = 0; i < owners.length; i += 2) {
      const count = owners[i + 1] as number
      this.#coinAt.fill(owners[i] as number, at, at + count)
      at += count
      this.#coinEnd[owners[i] as number] = at
    }
    this.#coinAt[at] = -1
    const code = (position: number) => text.charCodeAt(position)
    this.#startsBy1 = bucket(starts, (start) => [code(start)])
    this.#startsBy2 = bucket(starts, (start) => [key(code(start), code(start + 1))])
    const positions: number[] = []
    for (let p = 1; p + 2 < text.length; p++) {
      if (!isMark(code(p)) && !isMark(code(p + 1)) && !isMark(code(p + 2))) positions.push(p)
    }
    this.#trigrams = bucket(positions, (p) => [key(code(p), code(p + 1), code(p + 2))])
    this.#typos = bucket(starts, (start) => typoKeys(text, start))
    const byOrder = coins.map((_, i) => i).sort((a, b) => tieBreak(coins[a], coins[b]))
    this.#order = new Int32Array(coins.length)
    byOrder.forEach((coin, place) => {
      this.#order[coin] = place
    })
    this.#best = new Uint8Array(coins.length).fill(NO_TIER)
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
    const note = (at: number) => {
      const coin = this.#coinAt[at] as number
      const tier = this.#tierAt(at, q)
      const was = best[coin] as number
      if (was === NO_TIER) touched.push(coin)
      if (tier < was) best[coin] = tier
    }
    if (q.length >= 3) {
      // Every occurrence holds each of the query's trigrams: read the rarest one's positions.
      let rarest = NONE
      let offset = 0
      for (let k = 0; k + 3 <= q.length; k++) {
        const found = this.#trigrams.get(
          key(q.charCodeAt(k), q.charCodeAt(k + 1), q.charCodeAt(k + 2)),
        )
        if (!found) {
          rarest = NONE
          break
        }
        if (k === 0 || found.length < rarest.length) [rarest, offset] = [found, k]
      }
      for (const position of rarest) {
        const at = position - offset
        if (at > 0 && text.startsWith(q, at)) note(at)
      }
    } else {
      // The first four tiers are matches at a start. A query that starts with punctuation ("$")
      // can match after a start too: it goes straight to the scan.
      const atStarts = isWordChar(q, 0)
      if (atStarts) {
        const starts =
          q.length === 1
            ? this.#startsBy1.get(q.charCodeAt(0))
            : this.#startsBy2.get(key(q.charCodeAt(0), q.charCodeAt(1)))
        for (const start of starts ?? NONE) {
          if (text.startsWith(q, start)) note(start)
        }
      }
      // The substring tier ranks after every start: only needed when those are too few.
      if (!atStarts || touched.length < limit) {
        // Past the starts, any other place in a coin is a substring: the coin's first will do.
        for (let at = text.indexOf(q); at !== -1; ) {
          note(at)
          at = text.indexOf(q, atStarts ? this.#coinEnd[this.#coinAt[at] as number] : at + 1)
        }
      }
    }
    const top = new TopMatches(rankOf, this.#order, limit)
    for (const coin of touched) top.offer(coin, best[coin] as number)
    // Typos only fill what exact matches left: they rank after all of them.
    if (top.size < limit && q.length >= TYPO_MIN_LENGTH) {
      for (const typoKey of typoKeys(q, 0)) {
        for (const start of this.#typos.get(typoKey) ?? NONE) {
          const coin = this.#coinAt[start] as number
          if (best[coin] === NO_TIER && oneEditFromPrefix(q, text, start)) {
            best[coin] = TYPO_TIER
            touched.push(coin)
            top.offer(coin, TYPO_TIER)
          }
        }
      }
    }
    for (const coin of touched) best[coin] = NO_TIER
    return top.matches()
  }

  /** The tier of an occurrence of the query at `at`. */
  #tierAt(at: number, q: string): number {
    const text = this.#text
    const before = text.charCodeAt(at - 1)
    if (isMark(before)) return isMark(text.charCodeAt(at + q.length)) ? 0 : 1
    return isWordChar(text, at - 1) ? 3 : 2
  }
}

const NONE: Int32Array = new Int32Array(0)
/** Up to three character codes as one number (each below 65,536). */
const key = (a: number, b = 0, c = 0) => (a * 65_536 + b) * 65_536 + c

/**
 * The keys of the four characters from `at` (a query's first four, or a start's): the first
 * three, and the four less their first, second or third. A query of 4 or more characters that
 * is one edit from a prefix of the text at a start shares a key with that start: with the edit
 * after the third character, the first three; a character changed at i < 3, the four less i on
 * both sides; one added at i in the query, its four less i and the start's first three; one
 * missing, the reverse; two neighbours swapped at i and i + 1, the query's four less i and the
 * start's four less i + 1. Keys past a text's end (holding a mark) match no query: left out.
 */
function typoKeys(text: string, at: number): number[] {
  const [c0, c1, c2, c3] = [0, 1, 2, 3].map((i) => text.charCodeAt(at + i)) as [
    number,
    number,
    number,
    number,
  ]
  if (isMark(c1) || isMark(c2)) return []
  const first3 = key(c0, c1, c2)
  if (isMark(c3)) return [first3]
  const keys = [first3, key(c1, c2, c3), key(c0, c2, c3), key(c0, c1, c3)]
  return keys.filter((k, i) => keys.indexOf(k) === i)
}

/** Positions grouped by the keys each has. */
function bucket(
  positions: number[],
  keysOf: (position: number) => number[],
): Map<number, Int32Array> {
  const groups = new Map<number, number[]>()
  for (const position of positions) {
    for (const k of keysOf(position)) {
      const group = groups.get(k)
      if (group) group.push(position)
      else groups.set(k, [position])
    }
  }
  return new Map([...groups].map(([k, group]) => [k, Int32Array.from(group)]))
}

/** Ties after rank: the shorter name, then name, then id. */
function tieBreak(a: ListedCoin | undefined, b: ListedCoin | undefined): number {
  if (!a || !b) return 0
  if (a.name.length !== b.name.length) return a.name.length - b.name.length
  if (a.name !== b.name) return a.name < b.name ? -1 : 1
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}

/** 0: a ranked coin matching up to a word prefix; 1: an unranked one; then substring, typo. */
const group = ({ tier, rank }: { tier: number; rank: number }) =>
  tier > WORD_PREFIX_TIER ? tier : Number.isFinite(rank) ? 0 : 1

/** The best `limit` coins offered, kept in order as they come (most are worse than the last). */
class TopMatches {
  readonly #rankOf: (index: number) => number
  readonly #order: Int32Array
  readonly #limit: number
  readonly #kept: { coin: number; tier: number; rank: number }[] = []

  constructor(rankOf: (index: number) => number, order: Int32Array, limit: number) {
    this.#rankOf = rankOf
    this.#order = order
    this.#limit = limit
  }

  get size(): number {
    return this.#kept.length
  }

  offer(coin: number, tier: number): void {
    const kept = this.#kept
    const offered = { coin, tier, rank: this.#rankOf(coin) || Number.POSITIVE_INFINITY }
    let at = kept.length
    while (at > 0 && this.#before(offered, kept[at - 1] as typeof offered)) at--
    if (at >= this.#limit) return
    kept.splice(at, 0, offered)
    if (kept.length > this.#limit) kept.pop()
  }

  matches(): Match[] {
    return this.#kept.map(({ coin, tier }) => ({ index: coin, tier: TIERS[tier] as Tier }))
  }

  /**
   * Whether `a` ranks before `b`: up to the word prefixes, a known rank first; then tier, known
   * rank, and the tie-break order.
   */
  #before(a: { coin: number; tier: number; rank: number }, b: typeof a): boolean {
    const [groupA, groupB] = [group(a), group(b)]
    if (groupA !== groupB) return groupA < groupB
    if (a.tier !== b.tier) return a.tier < b.tier
    if (a.rank !== b.rank) return a.rank < b.rank
    return (this.#order[a.coin] as number) < (this.#order[b.coin] as number)
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
