import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { InlineHashes } from '../middleware/security-headers'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
}
const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json|xml)|image\/svg\+xml)/
// Below this, compression saves less than the headers it costs.
const MIN_COMPRESS_BYTES = 512
// Top brotli quality takes seconds on a file of several MiB; those get a quicker level.
const LARGE_FILE_BYTES = 1024 * 1024

export type Encoding = 'br' | 'gzip' | 'identity'

export type StaticFile = {
  urlPath: string
  type: string
  etag: string
  size: number
  compressible: boolean
  body: Uint8Array<ArrayBuffer>
  /**
   * CSP sources (`'sha256-…'`) of the page's inline <style> and <script> elements (the
   * prerendered pages carry the site's CSS and a small loader inline), so the policy allows
   * exactly these and nothing else inline.
   */
  inlineHashes: InlineHashes
}

const NO_INLINE: InlineHashes = { style: [], script: [] }

/** The `'sha256-…'` source of each <style> and <script> element without attributes. */
export function inlineHashes(html: string): InlineHashes {
  const of = (tag: 'style' | 'script') => {
    const hashes = new Set<string>()
    for (const [, text] of html.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))) {
      hashes.add(
        `'sha256-${createHash('sha256')
          .update(text ?? '', 'utf8')
          .digest('base64')}'`,
      )
    }
    return [...hashes]
  }
  return { style: of('style'), script: of('script') }
}

function extension(path: string): string {
  const dot = path.lastIndexOf('.')
  return dot > path.lastIndexOf('/') ? path.slice(dot).toLowerCase() : ''
}

// Never served: dot-files and folders (.env, .git), source maps (built for error reports, but
// they hand out the original source), and compressed copies (the server makes its own).
const NOT_SERVED = /^\.|\.(map|br|gz)$/

function walk(dir: string, root: string, out: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (NOT_SERVED.test(entry.name)) continue
    const full = join(dir, entry.name)
    if (entry.isDirectory()) walk(full, root, out)
    else if (entry.isFile()) out.push(relative(root, full))
  }
}

/**
 * The built site, read into memory once at start (about 1 MiB), so a request never touches the
 * file system with a path it chose. Brotli (quality 11) and gzip variants are made once per file
 * in zlib's thread pool, started at load and shared by every request that needs them: the cost
 * is paid once per process, not per request, and nothing is written next to the build.
 */
export class SiteFiles {
  readonly #files = new Map<string, StaticFile>()
  readonly #encoded = new Map<string, Promise<Uint8Array<ArrayBuffer>>>()
  readonly #ready = new Set<string>()

  constructor(root: string) {
    let stat: ReturnType<typeof statSync> | undefined
    try {
      stat = statSync(root)
    } catch {
      return
    }
    if (!stat.isDirectory()) return
    const paths: string[] = []
    walk(root, root, paths)
    for (const path of paths) {
      const body = readFileSync(join(root, path))
      const urlPath = `/${path.split(sep).join('/')}`
      const type = TYPES[extension(urlPath)] ?? 'application/octet-stream'
      this.#files.set(urlPath, {
        urlPath,
        type,
        body,
        size: body.length,
        etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
        compressible: COMPRESSIBLE.test(type) && body.length >= MIN_COMPRESS_BYTES,
        inlineHashes: type.startsWith('text/html')
          ? inlineHashes(body.toString('utf8'))
          : NO_INLINE,
      })
    }
  }

  get size(): number {
    return this.#files.size
  }

  get(urlPath: string): StaticFile | undefined {
    return this.#files.get(urlPath)
  }

  /** Starts compressing every compressible file, so the first visitors find them ready. */
  warm(): Promise<void> {
    const jobs: Promise<unknown>[] = []
    for (const file of this.#files.values()) {
      if (!file.compressible) continue
      jobs.push(this.encoded(file, 'br'), this.encoded(file, 'gzip'))
    }
    return Promise.all(jobs).then(() => undefined)
  }

  /**
   * The body to send and its encoding: brotli when ready, else gzip (fast to make) rather than
   * keep a visitor waiting for brotli's top quality right after start.
   */
  async body(
    file: StaticFile,
    acceptEncoding: string | undefined,
  ): Promise<{ body: Uint8Array<ArrayBuffer>; encoding: Encoding }> {
    if (!file.compressible) return { body: file.body, encoding: 'identity' }
    const accepted = acceptedEncodings(acceptEncoding)
    const gzipOk = accepted.has('gzip')
    if (accepted.has('br') && (this.#ready.has(`br:${file.urlPath}`) || !gzipOk)) {
      return { body: await this.encoded(file, 'br'), encoding: 'br' }
    }
    if (gzipOk) return { body: await this.encoded(file, 'gzip'), encoding: 'gzip' }
    return { body: file.body, encoding: 'identity' }
  }

  encoded(
    file: StaticFile,
    encoding: Exclude<Encoding, 'identity'>,
  ): Promise<Uint8Array<ArrayBuffer>> {
    const key = `${encoding}:${file.urlPath}`
    let result = this.#encoded.get(key)
    if (!result) {
      const compressed =
        encoding === 'br'
          ? brotli(file.body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]:
                  file.size > LARGE_FILE_BYTES ? 6 : constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: file.size,
              },
            })
          : gzipAsync(file.body, { level: constants.Z_BEST_COMPRESSION })
      result = compressed.then((buffer) => {
        this.#ready.add(key)
        return new Uint8Array(buffer)
      })
      this.#encoded.set(key, result)
    }
    return result
  }
}

/** The encodings the client accepts (q=0 means "not this one"). */
export function acceptedEncodings(acceptEncoding: string | undefined): Set<string> {
  const accepted = new Set<string>()
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name.trim())
  }
  if (accepted.has('*')) accepted.add('gzip')
  return accepted
}
