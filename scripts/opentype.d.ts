// The small part of opentype.js (which ships no types) that scripts/outline-text.ts uses.
declare module 'opentype.js' {
  export interface Path {
    toPathData(options?: { decimalPlaces?: number; flipY?: boolean }): string
  }
  export interface Glyph {
    index: number
    advanceWidth?: number
    getPath(x: number, y: number, fontSize: number): Path
  }
  export interface Font {
    unitsPerEm: number
    stringToGlyphs(text: string): Glyph[]
    charToGlyph(char: string): Glyph
    getKerningValue(left: Glyph, right: Glyph): number
  }
  const opentype: { parse(buffer: ArrayBuffer): Font }
  export default opentype
}
