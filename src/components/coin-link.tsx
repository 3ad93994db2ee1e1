import { Link } from '@tanstack/react-router'
import { type Currency, DEFAULT_CURRENCY } from '@contract/currency'
import { formatSymbol } from '@/lib/format'
import { CoinImage, type CoinImageSize } from './coin-image'

/**
 * A coin's page in a table's currency, as every table's coin cell draws it: image, name and symbol
 * in one link (phones may hide the name, never the symbol). Without a symbol (a coin with no
 * figures yet) the id stands for the name.
 */
export function CoinLink({
  coin,
  currency,
  imageSize,
  preload,
}: {
  coin: { id: string; name?: string; symbol?: string; image?: string | null | undefined }
  currency: Currency
  imageSize: CoinImageSize
  /** False for long lists: a hover must not start a coin's requests, which spend the budget. */
  preload?: false
}) {
  return (
    <Link
      className="coin-cell"
      to="/coins/$coinId"
      params={{ coinId: coin.id }}
      search={{ currency: currency === DEFAULT_CURRENCY ? undefined : currency }}
      preload={preload}
    >
      {coin.symbol === undefined ? null : (
        <CoinImage src={coin.image} symbol={coin.symbol} size={imageSize} />
      )}
      <span className="coin-cell__text">
        <span className="coin-cell__name">{coin.name ?? coin.id}</span>{' '}
        {coin.symbol === undefined ? null : (
          <span className="coin-cell__symbol">{formatSymbol(coin.symbol)}</span>
        )}
      </span>
    </Link>
  )
}
