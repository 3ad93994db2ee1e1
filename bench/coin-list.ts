import { get } from './lib/net'
import { stop } from './lib/processes'
import { startApp, startBenchUpstream } from './lib/servers'
import { measureTimeToPrices, type TimeToPrices } from './time-to-prices'

export type CoinListPage = {
  /** The HTML of `/coins` (its first page, 100 rows) as sent with brotli, in bytes. */
  htmlBrotliBytes: number
  rows: number
  timeToPrices: TimeToPrices
}

/**
 * The full list's first page with a hundred rows, as CoinGecko would fill it: the server in front
 * of the tests' fake upstream (its list of 250 coins, tests/support/fake-market-list.ts), not the
 * offline sample's 21 coins. Its HTML size once the page is cached, then its time to prices on
 * the throttled phone, as `/` and `/crypto` are measured.
 */
export async function measureCoinList(
  tmpDir: string,
  rounds: number,
  log: (line: string) => void,
): Promise<CoinListPage> {
  const upstream = await startBenchUpstream(0)
  const site = await startApp('server-list', { tmpDir, upstreamUrl: upstream.url })
  try {
    // The first request fills the cache and the render; the measure is of the page as served.
    await get(`${site.url}/coins`)
    const page = await get(`${site.url}/coins`, { headers: { 'accept-encoding': 'br' } })
    const html = (await get(`${site.url}/coins`)).body.toString('utf8')
    const rows = (html.match(/<tr>/g) ?? []).length - 1
    log(`  /coins: ${page.body.length} bytes brotli, ${rows} rows`)
    const [timeToPrices] = await measureTimeToPrices(site.url, ['/coins'], rounds, log)
    if (!timeToPrices) throw new Error('no time to prices for /coins')
    return { htmlBrotliBytes: page.body.length, rows, timeToPrices }
  } finally {
    await stop(site.process)
    await upstream.close()
  }
}
