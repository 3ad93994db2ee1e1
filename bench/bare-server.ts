// The reference servers the site is measured against, run as their own process (like the real
// server), so none shares a thread with the load generator or Lighthouse:
//   --html               a bare page: a heading, a paragraph and the site's icon
//   --replay <file.json> one recorded response (status, headers, body), for every request
//   --hono               with --replay: the same response from a minimal Hono app on
//                        @hono/node-server (one route, no middleware), the server's own stack
//   --hono-libs          with --replay: the same response from a Hono app on the libraries the
//                        server uses, as their guides set them up: a request id, one pino line
//                        per request, secure headers, and vValidator on the markets query
import { readFileSync } from 'node:fs'
import { createServer, type OutgoingHttpHeaders, type Server } from 'node:http'
import { MarketsQuerySchema } from '@contract/market'
import { createAdaptorServer } from '@hono/node-server'
import { vValidator } from '@hono/valibot-validator'
import { Hono, type Handler } from 'hono'
import { requestId } from 'hono/request-id'
import { secureHeaders } from 'hono/secure-headers'
import pino from 'pino'

const BARE_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Bare page</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
</head>
<body>
<h1>A bare static page</h1>
<p>One heading and one paragraph, served by node:http, as the floor every page is compared with.</p>
</body>
</html>
`

// The bare page links the site's own icon, as every page of the site does. Without the link,
// Chrome asks for /favicon.ico on its own, and Lighthouse's simulated LCP counted that request
// in some runs and not in others: 625 or 750 ms, which flipped the pages' LCP ratios.
const ICON = readFileSync(new URL('../public/favicon.svg', import.meta.url))

type Recorded = { status: number; headers: [string, string][]; bodyBase64: string }

const args = process.argv.slice(2)
const port = Number(args[args.indexOf('--port') + 1])
const replayAt = args.indexOf('--replay')

let status = 200
let headers: OutgoingHttpHeaders
let body: Buffer
if (replayAt >= 0) {
  const recorded = JSON.parse(readFileSync(String(args[replayAt + 1]), 'utf8')) as Recorded
  status = recorded.status
  headers = Object.fromEntries(recorded.headers)
  body = Buffer.from(recorded.bodyBase64, 'base64')
} else {
  body = Buffer.from(BARE_PAGE)
  headers = { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': String(body.length) }
}

const bytes = new Uint8Array(body)
const reply: Handler = (c) => c.body(bytes, status as 200, headers as Record<string, string>)
const hono = new Hono().get('*', reply)

function honoOnTheLibraries() {
  // The middleware sets these itself: the recorded ones are left to it, not sent twice.
  const own = new Set([
    'x-request-id',
    'cross-origin-resource-policy',
    'cross-origin-opener-policy',
    'origin-agent-cluster',
    'referrer-policy',
    'strict-transport-security',
    'x-content-type-options',
    'x-dns-prefetch-control',
    'x-download-options',
    'x-frame-options',
    'x-permitted-cross-domain-policies',
    'x-xss-protection',
  ])
  for (const name of Object.keys(headers)) if (own.has(name.toLowerCase())) delete headers[name]
  const logger = pino({ base: undefined, timestamp: pino.stdTimeFunctions.isoTime })
  const app = new Hono<{ Variables: { requestId: string } }>()
  app.use(requestId())
  app.use(async (c, next) => {
    const started = performance.now()
    await next()
    logger.info(
      {
        requestId: c.get('requestId'),
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        durationMs: performance.now() - started,
      },
      'request',
    )
  })
  app.use(secureHeaders())
  app.get('/api/market/coins/markets', vValidator('query', MarketsQuerySchema), (c) =>
    c.body(bytes, status as 200, headers as Record<string, string>),
  )
  app.get('*', (c) => c.body(bytes, status as 200, headers as Record<string, string>))
  return app
}

const server: Server = args.includes('--hono-libs')
  ? (createAdaptorServer({ fetch: honoOnTheLibraries().fetch }) as Server)
  : args.includes('--hono')
    ? (createAdaptorServer({ fetch: hono.fetch }) as Server)
    : createServer((req, res) => {
        if (req.url === '/favicon.svg') {
          res.writeHead(200, { 'Content-Type': 'image/svg+xml' })
          res.end(ICON)
          return
        }
        res.writeHead(status, headers)
        res.end(body)
      })
server.listen(port, '127.0.0.1')
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    server.close()
    server.closeAllConnections()
    process.exit(0)
  })
}
