// The small part of opentype.js (which ships no types) that scripts/outline-text.ts and
// scripts/bitcoin-sign.ts use.
declare module 'opentype.js' {
  export class Path {
    moveTo(x: number, y: number): void
    lineTo(x: number, y: number): void
    curveTo(x1: number, y1: number, x2: number, y2: number, x: number, y: number): void
    close(): void
    toPathData(options?: { decimalPlaces?: number; flipY?: boolean }): string
  }
  export class Glyph {
    constructor(options: { name: string; unicode?: number; advanceWidth: number; path: Path })
    index: number
    advanceWidth?: number
    getPath(x: number, y: number, fontSize: number): Path
  }
  export class Font {
    constructor(options: {
      familyName: string
      styleName: string
      unitsPerEm: number
      ascender: number
      descender: number
      weightClass?: number
      copyright?: string
      glyphs: Glyph[]
    })
    unitsPerEm: number
    stringToGlyphs(text: string): Glyph[]
    charToGlyph(char: string): Glyph
    getKerningValue(left: Glyph, right: Glyph): number
    toArrayBuffer(): ArrayBuffer
  }
  const opentype: {
    parse(buffer: ArrayBuffer): Font
    Path: typeof Path
    Glyph: typeof Glyph
    Font: typeof Font
  }
  export default opentype
}
