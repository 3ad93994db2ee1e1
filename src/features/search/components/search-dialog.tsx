import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState } from 'react'
import { searchQueries, searchText } from '../queries'
import { CoinMatch } from './coin-match'
import { SearchStatus } from './search-status'

/**
 * How long typing must pause before a search is sent: short enough that results follow the last
 * keystroke within 100 ms on a fast answer, long enough not to send one per keystroke.
 */
export const DEBOUNCE_MS = 60

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return debounced
}

/**
 * The search dialog: a modal `<dialog>` holding an ARIA 1.2 combobox (an input controlling a
 * listbox of coins). Arrows move through the coins, Enter opens the one chosen (the first if
 * none is), Escape closes. `onClose(restoreFocus)`: false when closed by opening a coin page.
 */
export function SearchDialog({ onClose }: { onClose: (restoreFocus: boolean) => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const navigate = useNavigate()
  const [text, setText] = useState('')
  const query = searchText(useDebounced(text, DEBOUNCE_MS))
  const result = useQuery({
    ...searchQueries.results(query ?? ''),
    enabled: query !== null,
    // The last results stay while the next are on their way: the list does not blink per key.
    placeholderData: keepPreviousData,
  })
  const coins = query === null ? [] : (result.data?.coins ?? [])
  // The chosen coin by id: in a new list it is still chosen if there, else nothing is.
  const [activeId, setActiveId] = useState<string | null>(null)
  const active = coins.findIndex((coin) => coin.id === activeId)
  const ids = useId()
  const listId = `${ids}-list`
  const statusId = `${ids}-status`
  const optionId = (index: number) => `${ids}-option-${index}`

  useEffect(() => {
    const dialog = dialogRef.current
    if (dialog && !dialog.open) dialog.showModal()
  }, [])

  const open = (index: number) => {
    const coin = coins[index]
    if (!coin) return
    onClose(false)
    void navigate({ to: '/coins/$coinId', params: { coinId: coin.id } })
  }

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    const count = coins.length
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (count === 0) return
      const step = event.key === 'ArrowDown' ? 1 : -1
      const next = active === -1 && step < 0 ? count - 1 : (active + step + count) % count
      setActiveId(coins[next]?.id ?? null)
    } else if (event.key === 'Enter') {
      event.preventDefault()
      open(Math.max(active, 0))
    }
  }

  return (
    // A click on the backdrop is a click on the dialog itself: it closes, as Escape does.
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape is the keyboard's way out (native).
    <dialog
      ref={dialogRef}
      className="search-dialog"
      aria-label="Search coins"
      onClose={() => onClose(true)}
      onClick={(event) => {
        if (event.target === event.currentTarget) dialogRef.current?.close()
      }}
    >
      <div className="search-dialog__box">
        <div className="search-dialog__bar">
          <input
            className="search-dialog__input"
            type="text"
            role="combobox"
            aria-label="Search coins"
            aria-expanded={coins.length > 0}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={active >= 0 ? optionId(active) : undefined}
            aria-describedby={statusId}
            placeholder="Name or symbol"
            autoComplete="off"
            spellCheck={false}
            maxLength={50}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
          />
          <button
            type="button"
            className="button button--ghost search-dialog__close"
            onClick={() => dialogRef.current?.close()}
          >
            Close
          </button>
        </div>
        <div className="search-results" role="listbox" id={listId} aria-label="Coins found">
          {coins.map((coin, index) => (
            // The input keeps focus and moves through the options (aria-activedescendant).
            // biome-ignore lint/a11y/useKeyWithClickEvents: the input's arrows and Enter choose.
            <div
              key={coin.id}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              className="coin-match"
              onClick={() => open(index)}
              onMouseMove={() => setActiveId(coin.id)}
            >
              <CoinMatch coin={coin} query={query ?? ''} />
            </div>
          ))}
        </div>
        <SearchStatus query={query} result={result} id={statusId} />
      </div>
    </dialog>
  )
}
