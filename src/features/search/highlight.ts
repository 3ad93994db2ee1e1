import { foldChar, foldText } from '@contract/search'

/** Text cut where the query matches it: `[before, match, after]`, or null when it does not. */
export type Highlight = [string, string, string] | null

/**
 * Where `query` matches `text` as search compares them (no case, no diacritics, dashes as
 * spaces): at the start, else at the start of a word, else anywhere; null for no match (a typo).
 * The cut is in the text as written, so "Ēth" in "Ēthereum" is marked whole.
 */
export function highlight(text: string, query: string): Highlight {
  const q = foldText(query)
  if (!q) return null
  // Each folded character's position in `text` (a character may fold to none, or to several).
  const chars = Array.from(text)
  let folded = ''
  const origin: number[] = []
  let offset = 0
  for (const char of chars) {
    const piece = foldChar(char)
    folded += piece
    for (let i = 0; i < piece.length; i++) origin.push(offset)
    offset += char.length
  }
  origin.push(text.length)
  let at = -1
  for (let from = folded.indexOf(q); from !== -1; from = folded.indexOf(q, from + 1)) {
    if (from === 0 || !/[\p{L}\p{N}]/u.test(folded[from - 1] as string)) {
      at = from
      break
    }
    if (at === -1) at = from
  }
  if (at === -1) return null
  const start = origin[at] as number
  const end = origin[at + q.length] as number
  return [text.slice(0, start), text.slice(start, end), text.slice(end)]
}
