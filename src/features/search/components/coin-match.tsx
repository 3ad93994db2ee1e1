import { CoinImage } from '@/components/coin-image'
import { formatSymbol } from '@/lib/format'
import type { SearchCoin } from '@contract/search'
import { highlight } from '../highlight'

/** Text with the part that matches the query in a `<mark>`. */
function Marked({ text, query }: { text: string; query: string }) {
  const cut = highlight(text, query)
  if (!cut) return text
  return (
    <>
      {cut[0]}
      <mark>{cut[1]}</mark>
      {cut[2]}
    </>
  )
}

/** One coin found: its image, name, symbol and rank, the matching part marked. */
export function CoinMatch({ coin, query }: { coin: SearchCoin; query: string }) {
  return (
    <>
      <CoinImage src={coin.image} symbol={coin.symbol} size={24} />
      <span className="coin-match__name">
        <Marked text={coin.name} query={query} />
      </span>
      <span className="coin-match__symbol">
        <Marked text={formatSymbol(coin.symbol)} query={query} />
      </span>
      <span className="coin-match__rank">
        {coin.rank === null ? (
          <span className="visually-hidden">Rank unknown</span>
        ) : (
          <>
            <span className="visually-hidden">Rank </span>#{coin.rank}
          </>
        )}
      </span>
    </>
  )
}
