/**
 * What a visitor picks in a server-rendered `<select>` while the app hydrates. A pick that reaches
 * a select React has not adopted yet makes React hydrate at once, and it puts the controlled
 * select back to the value it rendered before the `change` event arrives: the pick was lost, the
 * menu showed the old value again, and nothing happened (Chromium at 4x CPU, picking a currency
 * on `/coins` right after the header hydrated: 7 picks of 8 lost). Listening on the document in
 * the capture phase hears the pick before React's listener at the root does. A pick sends `input`
 * then `change`, and by the `change` React has put the old value back, so a `change` counts only
 * for a select no `input` was heard from (a script or assistive technology may send it alone).
 *
 * The last key pressed is kept too: a shortcut ("/" for search) pressed before the code that
 * listens for it has mounted.
 *
 * `src/main.tsx` starts recording before hydration and stops at the first navigation; a menu
 * takes its pick once, on hydration (`src/components/currency-menu.tsx`), and the search button
 * the last key (`src/features/search/components/search-button.tsx`).
 */
const chosen = new Map<string, string>()
let lastKey: KeyboardEvent | null = null

function recordKey(event: KeyboardEvent) {
  lastKey = event
}

function record(event: Event) {
  const target = event.target
  if (!(target instanceof HTMLSelectElement) || !target.name) return
  if (event.type === 'input' || !chosen.has(target.name)) chosen.set(target.name, target.value)
}

/** Starts recording; the function it returns stops and forgets. */
export function recordEarlyChoices(doc: Document = document): () => void {
  doc.addEventListener('input', record, true)
  doc.addEventListener('change', record, true)
  doc.addEventListener('keydown', recordKey, true)
  return () => {
    doc.removeEventListener('input', record, true)
    doc.removeEventListener('change', record, true)
    doc.removeEventListener('keydown', recordKey, true)
    chosen.clear()
    lastKey = null
  }
}

/** The value last picked in the select named `name` while recording, given once. */
export function takeEarlyChoice(name: string): string | undefined {
  const value = chosen.get(name)
  chosen.delete(name)
  return value
}

/** The last key pressed while recording, given once. */
export function takeEarlyKey(): KeyboardEvent | null {
  const key = lastKey
  lastKey = null
  return key
}
