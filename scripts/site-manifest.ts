// The build's last look at the site it wrote (run by scripts/precompress.ts): compresses each
// text file once, at the highest levels, and records what the server needs to know in one
// manifest, so the server neither compresses nor parses HTML when it starts.
import { createHash } from 'node:crypto'
import { readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import {
  ENCODING_SUFFIX,
  type InlineHashes,
  MANIFEST_FILE,
  type SiteFile,
  type SiteManifest,
} from '../server/site/manifest'

const brotliAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

// Text compresses; images and fonts are compressed already.
const COMPRESSIBLE = /\.(html|js|mjs|css|json|webmanifest|svg|txt|xml)$/
// A compressed copy also costs its `Content-Encoding` and `Vary` header lines: it must save more.
const HEADER_BYTES = 'Content-Encoding: gzip\r\nVary: Accept-Encoding\r\n'.length
// Never served, so left out of the manifest: dot-files and folders (.env, .git, the manifest
// itself), source maps (built for error reports, but they hand out the original source), and
// compressed copies (served in place of their file).
const NOT_SERVED = /^\.|\.(map|br|gz)$/

/** The public origin the build writes into its pages: `SITE_URL` at build time. */
export const buildOrigin = (env: NodeJS.ProcessEnv = process.env) =>
  new URL(env.SITE_URL ?? 'http://localhost:3000').origin

/** The text of each <style> or <script> element without attributes. */
const inlineTexts = (html: string, tag: 'style' | 'script') =>
  [...html.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => m[1] ?? '')

/** The `'sha256-…'` CSP source of each <style> and <script> element without attributes. */
export function inlineHashes(html: string): InlineHashes {
  const of = (tag: 'style' | 'script') => {
    const hashes = new Set<string>()
    for (const text of inlineTexts(html, tag)) {
      hashes.add(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`)
    }
    return [...hashes]
  }
  return { style: of('style'), script: of('script') }
}

async function servedFiles(dir: string, root: string): Promise<string[]> {
  const files: string[] = []
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (NOT_SERVED.test(entry.name)) continue
    const full = join(dir, entry.name)
    if (entry.isDirectory()) files.push(...(await servedFiles(full, root)))
    else if (entry.isFile()) files.push(relative(root, full))
  }
  return files
}

/** Writes `<file>.br` or `<file>.gz` where it saves bytes, and removes one left from before. */
async function precompress(file: string, body: Buffer): Promise<SiteFile['encodings']> {
  const [br, gz] = await Promise.all([
    brotliAsync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
  ])
  const encodings: SiteFile['encodings'] = []
  for (const [encoding, compressed] of [
    ['br', br],
    ['gzip', gz],
  ] as const) {
    const suffix = ENCODING_SUFFIX[encoding]
    if (compressed.length + HEADER_BYTES < body.length) {
      await writeFile(file + suffix, compressed)
      encodings.push(encoding)
    } else {
      await rm(file + suffix, { force: true })
    }
  }
  return encodings
}

async function describe(root: string, path: string, origin: string): Promise<SiteFile> {
  const file = join(root, path)
  const body = await readFile(file)
  // Weak: the same for the brotli, gzip and plain bodies, which differ byte for byte.
  const etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`
  const encodings = COMPRESSIBLE.test(path) ? await precompress(file, body) : []
  if (!path.endsWith('.html')) return { etag, encodings }
  const html = body.toString('utf8')
  // The server puts the run-time origin in the build's place, which must leave these hashes true.
  if (
    [...inlineTexts(html, 'style'), ...inlineTexts(html, 'script')].some((t) => t.includes(origin))
  )
    throw new Error(`${path} names ${origin} inside an inline element`)
  return { etag, encodings, inline: inlineHashes(html) }
}

/**
 * Compresses the built site in `root`, made for the public `origin`, and writes its manifest
 * there (written last: a manifest on disk means a whole build). Returns the manifest.
 */
export async function writeSiteManifest(
  root: string,
  origin = buildOrigin(),
): Promise<SiteManifest> {
  const paths = (await servedFiles(root, root)).sort()
  const described = await Promise.all(paths.map((path) => describe(root, path, origin)))
  const manifest: SiteManifest = { origin, files: {} }
  paths.forEach((path, i) => {
    manifest.files[`/${path.split(sep).join('/')}`] = described[i] as SiteFile
  })
  await writeFile(join(root, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`)
  return manifest
}
