// What the first `Intl.NumberFormat` of a page costs on the throttled phone (CPU × 4), in a
// fresh page each time: the figure that keeps src/lib/format.ts's hand-written formatting (it
// goes if this is under 10 ms). `node --import tsx bench/intl-first-use.ts`, about 20 s.
import { createServer } from 'node:http'
import { chromium } from 'playwright-core'
import { CHROME_FLAGS, CHROME_PATH } from '../scripts/chromium'
const html = `<!doctype html><html><body><div id=root></div><script>
window.measure = () => {
  const t0 = performance.now()
  const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 })
  const a = usd.format(97412)
  const t1 = performance.now()
  const out = []
  for (const c of ['EUR', 'GBP', 'JPY']) out.push(new Intl.NumberFormat('en-US', { style: 'currency', currency: c }).format(1234.5))
  const pct = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
  for (let i = 0; i < 600; i++) out.push(usd.format(i * 1.37), pct.format(i / 7))
  const t2 = performance.now()
  return { first: t1 - t0, rest: t2 - t1, a }
}
</script></body></html>`
const server = createServer((_, res) => {
  res.setHeader('content-type', 'text/html')
  res.end(html)
}).listen(0, '127.0.0.1')
await new Promise((r) => server.once('listening', r))
const port = (server.address() as { port: number }).port
const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS })
const firsts: number[] = []
const rests: number[] = []
for (let i = 0; i < 9; i++) {
  const ctx = await browser.newContext({ viewport: { width: 412, height: 823 } })
  const page = await ctx.newPage()
  const cdp = await ctx.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  await page.goto(`http://127.0.0.1:${port}/`)
  const r = await page.evaluate(() =>
    (window as unknown as { measure: () => { first: number; rest: number } }).measure(),
  )
  firsts.push(r.first)
  rests.push(r.rest)
  await ctx.close()
}
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN
console.log(
  'first Intl.NumberFormat + format, CPU x4 (ms):',
  firsts.map((x) => x.toFixed(1)).join(', '),
  'median',
  med(firsts).toFixed(1),
)
console.log(
  'then 3 currencies + 1200 formats (ms):',
  rests.map((x) => x.toFixed(1)).join(', '),
  'median',
  med(rests).toFixed(1),
)
await browser.close()
server.close()
