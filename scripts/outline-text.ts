// Replaces every <text> in the given SVG files by its outline, drawn in Figtree (the static
// @fontsource/figtree files, a dev dependency), so illustrations look the same whatever fonts a
// visitor's system has. Run once after drawing an illustration with <text>, and commit the result:
//   node --import tsx scripts/outline-text.ts public/images/*.svg
// Reads x, y, font-size, font-weight, text-anchor and letter-spacing from each <text> element
// itself; fill and opacity stay on the path (or are inherited, as the text's were).
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import opentype from 'opentype.js'

const WEIGHTS = [400, 500, 600, 700, 800] as const
const fonts = new Map(
  WEIGHTS.map((weight) => {
    const file = fileURLToPath(
      import.meta.resolve(`@fontsource/figtree/files/figtree-latin-${weight}-normal.woff`),
    )
    const bytes = readFileSync(file)
    return [
      weight,
      opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length)),
    ]
  }),
)

function fontFor(weight: number) {
  const nearest = WEIGHTS.reduce((best, w) =>
    Math.abs(w - weight) < Math.abs(best - weight) ? w : best,
  )
  const font = fonts.get(nearest)
  if (!font) throw new Error(`no Figtree ${weight}`)
  return font
}

function attributes(source: string): Map<string, string> {
  return new Map([...source.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1] ?? '', m[2] ?? '']))
}

function decode(text: string): string {
  return text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&amp;', '&')
}

/** The outline of one line of text, as path data, with the SVG's own anchor and spacing. */
function outline(text: string, attrs: Map<string, string>): string {
  const size = Number(attrs.get('font-size') ?? 16)
  const font = fontFor(Number(attrs.get('font-weight') ?? 400))
  const spacing = Number(attrs.get('letter-spacing') ?? 0)
  const scale = size / font.unitsPerEm
  const glyphs = font.stringToGlyphs(text)
  const missing = [...text].find((char) => font.charToGlyph(char).index === 0)
  if (missing) throw new Error(`Figtree has no "${missing}" (in "${text}"): draw it as a path`)
  const advances = glyphs.map((glyph, index) => {
    const next = glyphs[index + 1]
    const kerning = next ? font.getKerningValue(glyph, next) : 0
    return ((glyph.advanceWidth ?? 0) + kerning) * scale + spacing
  })
  const width = advances.reduce((sum, advance) => sum + advance, 0) - spacing
  const anchor = attrs.get('text-anchor') ?? 'start'
  let x =
    Number(attrs.get('x') ?? 0) - (anchor === 'end' ? width : anchor === 'middle' ? width / 2 : 0)
  const y = Number(attrs.get('y') ?? 0)
  let data = ''
  for (const [index, glyph] of glyphs.entries()) {
    data += glyph.getPath(x, y, size).toPathData({ decimalPlaces: 1, flipY: false })
    x += advances[index] ?? 0
  }
  return data
}

const KEPT = ['fill', 'fill-opacity', 'opacity']

for (const path of process.argv.slice(2)) {
  const svg = readFileSync(path, 'utf8')
  let count = 0
  const result = svg.replace(
    /<text\b([^>]*)>([^<]*)<\/text>/g,
    (_, source: string, content: string) => {
      count++
      const attrs = attributes(source)
      const kept = KEPT.filter((name) => attrs.has(name))
        .map((name) => ` ${name}="${attrs.get(name)}"`)
        .join('')
      return `<path d="${outline(decode(content), attrs)}"${kept}/>`
    },
  )
  if (/<text\b/.test(result)) throw new Error(`${path}: a <text> with markup inside is left`)
  // The font-family on groups is of no use once no text is left.
  writeFileSync(path, result.replace(/ font-family="[^"]*"/g, ''))
  process.stdout.write(`${path}: ${count} text elements outlined\n`)
}
