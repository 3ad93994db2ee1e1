// Text the server stores or looks up never holds control characters: PostgreSQL refuses NUL in
// text, and the others (line breaks, escapes) have no place in a name or an address.
import * as v from 'valibot'

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/

export function hasControlCharacters(value: string): boolean {
  return CONTROL.test(value)
}

/** A field error for text with a control character (a tab, a line break, NUL). */
export const noControlCharacters = v.check(
  (value: string) => !hasControlCharacters(value),
  'Remove the tabs, line breaks or other control characters.',
)
