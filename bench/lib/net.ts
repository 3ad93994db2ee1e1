import { type Agent, request } from 'node:http'
import { createServer } from 'node:net'

export const LOOPBACK = '127.0.0.1'

/** A port nobody listens on right now (the kernel's pick, released at once). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, LOOPBACK, () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

export type RawResponse = {
  status: number
  headers: Record<string, string | string[] | undefined>
  /** Header names and values as sent, alternating. */
  rawHeaders: string[]
  body: Buffer
  ms: number
}

type RequestOptions = { headers?: Record<string, string>; timeoutMs?: number; agent?: Agent }

/** One GET on loopback, body kept as bytes, with a timeout. */
export const get = (url: string, options: RequestOptions = {}) => send('GET', url, options)

/** One POST of a JSON body on loopback, as `get`. */
export const postJson = (url: string, json: unknown, options: RequestOptions = {}) =>
  send('POST', url, {
    ...options,
    headers: { 'Content-Type': 'application/json', ...options.headers },
    body: JSON.stringify(json),
  })

function send(
  method: 'GET' | 'POST',
  url: string,
  options: RequestOptions & { body?: string },
): Promise<RawResponse> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers: options.headers, agent: options.agent }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          rawHeaders: res.rawHeaders,
          body: Buffer.concat(chunks),
          ms: performance.now() - started,
        }),
      )
      res.on('error', reject)
    })
    req.setTimeout(options.timeoutMs ?? 10_000, () =>
      req.destroy(new Error(`no answer from ${url}`)),
    )
    req.on('error', reject)
    req.end(options.body)
  })
}

/** Polls until `url` answers 2xx, or throws after `timeoutMs` (or when `gaveUp` says so). */
export async function waitForOk(
  url: string,
  timeoutMs: number,
  gaveUp: () => string | null = () => null,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  let last = 'no answer'
  while (Date.now() < deadline) {
    const reason = gaveUp()
    if (reason) throw new Error(reason)
    try {
      const res = await get(url, { timeoutMs: 2000 })
      if (res.status >= 200 && res.status < 300) return
      last = `status ${res.status}`
    } catch (error) {
      last = (error as Error).message
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`${url} not ready after ${timeoutMs / 1000} s (${last})`)
}
