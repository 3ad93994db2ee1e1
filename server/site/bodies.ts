import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import {
  brotliCompress,
  brotliCompressSync,
  constants,
  gzip,
  gzipSync,
  type ZlibOptions,
  type BrotliOptions,
} from 'node:zlib'

/** A body's compressed copies, by the suffix serveStatic asks for (`.br`, `.gz`). */
export type Copies = [suffix: '.br' | '.gz', copy: Uint8Array<ArrayBuffer>][]

// Cheap levels for what the server compresses itself (a rendered page, a page given the run-time
// origin): brotli 6 took 1-2 ms for a coin page against brotli 11's 210 ms (a larger body), and
// both run in libuv's thread pool, which argon2 shares: at 11 a render flood starved sign-ins.
// 6, not 5: the same time, 1% smaller (`/` 13.63 kB against 13.79, in its first
// round trip; 7 took 3-5x longer). The build's own files keep the best levels
// (scripts/site-manifest.ts).
const brotliOptions = (body: Uint8Array): BrotliOptions => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 6,
    [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
  },
})
const gzipOptions: ZlibOptions = { level: 6 }

const brotliAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** Off the main thread, for a request's work. */
export async function compressedCopies(body: Uint8Array): Promise<Copies> {
  const [br, gz] = await Promise.all([
    brotliAsync(body, brotliOptions(body)),
    gzipAsync(body, gzipOptions),
  ])
  return [
    ['.br', new Uint8Array(br)],
    ['.gz', new Uint8Array(gz)],
  ]
}

/** On the main thread, for start-up, before the server listens. */
export function compressedCopiesSync(body: Uint8Array): Copies {
  return [
    ['.br', new Uint8Array(brotliCompressSync(body, brotliOptions(body)))],
    ['.gz', new Uint8Array(gzipSync(body, gzipOptions))],
  ]
}

/** Weak: the brotli, gzip and plain bodies differ byte for byte. */
export const weakEtag = (body: Uint8Array) =>
  `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`
