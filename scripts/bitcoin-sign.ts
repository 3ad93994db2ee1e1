// Draws the bitcoin sign ₿ (U+20BF) as a font of that one glyph, in two weights, with opentype.js
// (a dev dependency): no usual Linux font has it, so prices in bitcoin showed an empty box. The
// site's CSS gives it with `unicode-range` (src/styles/tokens.css), so a browser fetches it only
// for a page that shows the sign, and uses it only where the visitor's own fonts lack it. Our
// own drawing, not a copy of a font's B: nothing to license. Run once after changing it, and
// commit the result:
//   node --import tsx scripts/bitcoin-sign.ts
import { writeFileSync } from 'node:fs'
import opentype, { type Path } from 'opentype.js'

// Proportions of DejaVu Sans, the usual fallback it sits beside (1000 units to the em).
const CAP = 729
const ASCENDER = 928
const DESCENDER = -236
const K = 0.5523 // a quarter ellipse as one cubic curve

type Weight = {
  weight: 400 | 700
  /** Advance, left edge, stem, bars' thickness, the bowls' right edges, the strokes' width. */
  advance: number
  left: number
  stem: number
  bar: number
  upper: number
  lower: number
  stroke: number
}

const WEIGHTS: Weight[] = [
  { weight: 400, advance: 686, left: 98, stem: 96, bar: 86, upper: 562, lower: 612, stroke: 70 },
  { weight: 700, advance: 762, left: 88, stem: 160, bar: 128, upper: 610, lower: 672, stroke: 100 },
]

/** The glyph: a B (stem, two bowls, each with its counter) and the two short strokes through it. */
function bitcoinSign(w: Weight): Path {
  const path = new opentype.Path()
  const waist = 400
  const inner = w.stem * 1.08
  // Where each bowl's straight top and bottom end and its curve begins.
  const lowerStart = w.left + (w.lower - w.left) * 0.55
  const upperStart = w.left + (w.upper - w.left) * 0.55
  // Outer contour, counter-clockwise (y up): bottom, lower bowl, waist, upper bowl, top, stem.
  const lowerR = waist / 2
  const upperR = (CAP - waist) / 2
  path.moveTo(w.left, 0)
  path.lineTo(lowerStart, 0)
  path.curveTo(
    lowerStart + K * (w.lower - lowerStart),
    0,
    w.lower,
    lowerR - K * lowerR,
    w.lower,
    lowerR,
  )
  path.curveTo(
    w.lower,
    lowerR + K * lowerR,
    lowerStart + K * (w.lower - lowerStart),
    waist,
    lowerStart,
    waist,
  )
  path.lineTo(upperStart, waist)
  const upperY = waist + upperR
  path.curveTo(
    upperStart + K * (w.upper - upperStart),
    waist,
    w.upper,
    upperY - K * upperR,
    w.upper,
    upperY,
  )
  path.curveTo(
    w.upper,
    upperY + K * upperR,
    upperStart + K * (w.upper - upperStart),
    CAP,
    upperStart,
    CAP,
  )
  path.lineTo(w.left, CAP)
  path.close()
  // The counters, clockwise, so that they are holes.
  const counter = (bottom: number, top: number, start: number, right: number) => {
    const r = (top - bottom) / 2
    const mid = bottom + r
    path.moveTo(w.left + w.stem, bottom)
    path.lineTo(w.left + w.stem, top)
    path.lineTo(start, top)
    path.curveTo(start + K * (right - start), top, right, mid + K * r, right, mid)
    path.curveTo(right, mid - K * r, start + K * (right - start), bottom, start, bottom)
    path.close()
  }
  counter(w.bar, waist - w.bar / 2, lowerStart, w.lower - inner)
  counter(waist + w.bar / 2, CAP - w.bar, upperStart, w.upper - inner)
  // The two strokes, above and below, counter-clockwise like the outline they overlap.
  const reach = 110
  for (const x of [w.left + w.stem * 0.5, w.left + w.stem * 0.5 + w.stroke * 2.3]) {
    for (const [from, to] of [
      [-reach, w.bar],
      [CAP - w.bar, CAP + reach],
    ] as const) {
      path.moveTo(x, from)
      path.lineTo(x + w.stroke, from)
      path.lineTo(x + w.stroke, to)
      path.lineTo(x, to)
      path.close()
    }
  }
  return path
}

for (const w of WEIGHTS) {
  const font = new opentype.Font({
    familyName: 'Coinvera Bitcoin Sign',
    styleName: w.weight === 700 ? 'Bold' : 'Regular',
    unitsPerEm: 1000,
    ascender: ASCENDER,
    descender: DESCENDER,
    weightClass: w.weight,
    copyright: 'Drawn for Coinvera (scripts/bitcoin-sign.ts)',
    glyphs: [
      new opentype.Glyph({ name: '.notdef', advanceWidth: w.advance, path: new opentype.Path() }),
      new opentype.Glyph({
        name: 'bitcoin',
        unicode: 0x20bf,
        advanceWidth: w.advance,
        path: bitcoinSign(w),
      }),
    ],
  })
  const file = new URL(`../public/fonts/bitcoin-sign-${w.weight}.otf`, import.meta.url)
  writeFileSync(file, Buffer.from(font.toArrayBuffer()))
}
