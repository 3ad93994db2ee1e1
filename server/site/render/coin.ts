// A coin's page (`/coins/bitcoin?range=&currency=`), rendered with its details and chart.
import {
  CHART_RANGES,
  type ChartRange,
  type CoinDetail,
  coinPath as coinPagePath,
  DEFAULT_CHART_RANGE,
  type MarketChart,
} from '@contract/coin'
import { type Currency, DEFAULT_CURRENCY } from '@contract/currency'
import type { PageData } from '@contract/page-data'
import type { CallGate } from '../../market/budget'
import { type CacheReader, type DataStamp, NoDataError, type Served } from '../../market/cache'
import type { CoinPages } from '../../market/coins'
import type { MarketFacts } from '../../market/facts'
import type { MarketLists } from '../../market/lists'
import {
  metaOf,
  type Personal,
  type Rendered,
  type RenderKit,
  type RenderStore,
  spendRender,
  versionOf,
} from './kit'

/** A coin page's address, with only what differs from the defaults. */
function coinPath(id: string, range: ChartRange, currency: Currency): string {
  const search = new URLSearchParams()
  if (range !== DEFAULT_CHART_RANGE) search.set('range', range)
  if (currency !== DEFAULT_CURRENCY) search.set('currency', currency)
  return search.size > 0 ? `${coinPagePath(id)}?${search}` : coinPagePath(id)
}

export function coinPages(
  kit: RenderKit,
  {
    coins,
    lists,
    facts,
    coinRenders,
  }: { coins: CoinPages; lists: MarketLists; facts: MarketFacts; coinRenders: RenderStore },
) {
  return {
    /**
     * A known coin's page at a chart range in `currency`. A coin on a list page held now opens
     * from its row, with no upstream call of its own: its details and chart are added when
     * cached, else the browser asks for them. Any other coin is rendered with its details and
     * chart as the caches serve them (a miss spends from the upstream budget through `gates`, as
     * the API does). Null when there is no data to render with yet (the budget is spent), when a
     * new render is past the client's share (`renderGate`, as anyone may ask for any of hundreds
     * of keys, each a render), or when rendering failed. For a signed-in `viewer`, rendered for
     * them alone (within the same share of renders).
     */
    async getCoin(
      id: string,
      { range, currency }: { range: ChartRange; currency: Currency },
      file: string,
      {
        gates,
        renderGate,
        viewer = null,
      }: { gates: readonly CallGate[]; renderGate: CallGate | null; viewer?: Personal | null },
    ): Promise<Rendered | null> {
      const sources: [CacheReader<CoinDetail>, CacheReader<MarketChart>] = [
        coins.detail(id),
        coins.chart(id, currency, CHART_RANGES[range]),
      ]
      // Its figures by the facts' rule: a coin on a page of the list opens from them.
      const listed = lists.holds(id, currency) ? facts.get(id, currency) : null
      let detail: Served<CoinDetail> | null
      let chart: Served<MarketChart> | null
      if (listed) {
        detail = coins.heldDetail(id)
        chart = sources[1].held()
      } else {
        const [detailResult, chartResult] = await Promise.allSettled([
          coins.shownDetail(id, gates),
          sources[1].getFresh(gates),
        ])
        for (const result of [detailResult, chartResult]) {
          if (result?.status === 'rejected' && !(result.reason instanceof NoDataError)) {
            throw result.reason
          }
        }
        // No details: the page says why. Details without a chart: rendered without it; the
        // browser asks for it, and its section says why it is missing.
        if (detailResult?.status === 'rejected') {
          const why = detailResult.reason as NoDataError
          return kit.unavailablePage(
            coinPath(id, range, currency),
            file,
            why,
            renderGate,
            (u) => ({ currency, coinUnavailable: { id, name: coins.ids.name(id), ...u } }),
            viewer,
          )
        }
        if (detailResult?.status !== 'fulfilled') return null
        detail = detailResult.value
        chart = chartResult?.status === 'fulfilled' ? chartResult.value : null
      }
      const served = [listed?.stamp ?? null, detail ?? null, chart ?? null]
      const path = coinPath(id, range, currency)
      const coinData = (): PageData => {
        const coin: NonNullable<PageData['coin']> = { id, range }
        if (listed) coin.listed = { coin: listed.coin, meta: metaOf(listed.stamp) }
        if (detail) coin.detail = { coin: detail.data, meta: metaOf(detail) }
        if (chart) coin.chart = { chart: chart.data, meta: metaOf(chart) }
        return { currency, coin }
      }
      if (viewer) {
        if (!spendRender(renderGate)) return null
        return kit.personal(path, file, { ...coinData(), ...viewer }, { ownHead: true })
      }
      const page = kit.renderedFor(
        coinRenders,
        path,
        versionOf(served),
        () => kit.renderPage(path, file, coinData(), { ownHead: true }),
        renderGate,
      )
      const held = served.filter((s): s is DataStamp => s !== null)
      const ttls = sources.map((cache) => cache.ttlMs)
      return kit.answer(page, held, Math.min(...ttls))
    },
  }
}
