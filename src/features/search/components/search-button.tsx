import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { takeEarlyKey } from '@/boot/early-choices'

const loadDialog = () => import('./search-dialog')
const SearchDialog = lazy(() => loadDialog().then((m) => ({ default: m.SearchDialog })))

// Where a "/" is text being typed, not the shortcut.
const TYPING = /^(INPUT|TEXTAREA|SELECT)$/

function isShortcut(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement
  const slash = event.key === '/' && !TYPING.test(target.tagName) && !target.isContentEditable
  return slash || (event.key === 'k' && (event.ctrlKey || event.metaKey))
}

/**
 * The header's search: before the app runs (or without JavaScript), a GET form to /search; then
 * a button opening the search dialog, whose code loads on first use (or when the pointer or
 * focus comes near). Also opened with "/" and Ctrl-K or ⌘-K.
 */
export function SearchButton() {
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const returnTo = useRef<Element | null>(null)
  const show = () => {
    returnTo.current = document.activeElement
    setOpen(true)
  }

  // Set up once: `show` only sets a ref and state, whichever render made it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isShortcut(event)) return
      event.preventDefault()
      show()
    }
    // Pressed while the page hydrated, before this listened (src/boot/early-choices.ts).
    const early = takeEarlyKey()
    if (early && isShortcut(early)) show()
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [])

  return (
    <>
      <form
        className="search-open"
        action="/search"
        method="get"
        onSubmit={(event) => {
          event.preventDefault()
          show()
        }}
      >
        <button
          ref={button}
          type="submit"
          className="search-open__button"
          aria-haspopup="dialog"
          aria-keyshortcuts="/ Control+K Meta+K"
          onPointerEnter={loadDialog}
          onFocus={loadDialog}
        >
          <span className="search-open__label">Search coins</span>
        </button>
      </form>
      {open ? (
        <Suspense>
          <SearchDialog
            onClose={(restoreFocus) => {
              setOpen(false)
              if (!restoreFocus) return
              const back = returnTo.current
              ;(back instanceof HTMLElement && back !== document.body
                ? back
                : button.current
              )?.focus()
            }}
          />
        </Suspense>
      ) : null}
    </>
  )
}
