const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
}

/**
 * The first paragraph of CoinGecko's description (HTML with links, paragraphs as blank lines)
 * as plain text: tags dropped, entities decoded. React renders the result as a text node, so
 * nothing in it can run or link anywhere.
 */
export function descriptionText(html: string | null | undefined): string {
  if (!html) return ''
  const paragraphs = html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '')
    .split(/\r?\n\s*\r?\n|<\/p\s*>|<br\s*\/?>\s*<br\s*\/?>/i)
  for (const paragraph of paragraphs) {
    const text = paragraph
      .replace(/<[^>]*>?/g, '')
      .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => decode(entity, name))
      .replace(/\s+/g, ' ')
      .trim()
    if (text) return text
  }
  return ''
}

function decode(entity: string, name: string): string {
  const lower = name.toLowerCase()
  if (lower.startsWith('#')) {
    const code = lower.startsWith('#x')
      ? Number.parseInt(lower.slice(2), 16)
      : Number(lower.slice(1))
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ''
  }
  return ENTITIES[lower] ?? entity
}
