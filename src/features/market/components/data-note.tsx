import { dataNote } from '../format'
import type { DataMeta } from '../queries'

/** Says when the list is not live. The line is always there, so its arrival shifts nothing. */
export function DataNote({ meta }: { meta: DataMeta | undefined }) {
  const note = meta ? dataNote(meta) : null
  return (
    <p className="data-note" role="status">
      {note}
    </p>
  )
}

export function Attribution() {
  return (
    <p className="attribution">
      Data provided by{' '}
      <a href="https://www.coingecko.com" rel="noopener">
        CoinGecko
      </a>
    </p>
  )
}
