import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import * as v from 'valibot'
import { compressedCopiesSync, weakEtag } from './bodies'

/**
 * What the build knows about the site it wrote (scripts/site-manifest.ts): every file the server
 * may serve, and for each its ETag, its precompressed copies and, for a page, the CSP hashes of
 * its inline elements. A dot-file, so it is never served itself.
 */
export const MANIFEST_FILE = '.build-manifest.json'

export const ENCODINGS = ['br', 'gzip'] as const
/** The file name suffix of each encoding's copy (the one Hono's serveStatic asks for). */
export const ENCODING_SUFFIX = { br: '.br', gzip: '.gz' } as const

/** `'sha256-…'` sources of a page's inline <style> and <script> elements. */
export const InlineHashesSchema = v.object({
  style: v.array(v.string()),
  script: v.array(v.string()),
})
export type InlineHashes = v.InferOutput<typeof InlineHashesSchema>

export const SiteFileSchema = v.object({
  etag: v.string(),
  /** `<file>.br` and `<file>.gz` beside it, made only where they save bytes. */
  encodings: v.array(v.picklist(ENCODINGS)),
  /** HTML only. */
  inline: v.optional(InlineHashesSchema),
})
export type SiteFile = v.InferOutput<typeof SiteFileSchema>

export const SiteManifestSchema = v.object({
  /** The public origin the build wrote into its pages (`SITE_URL` at build time). */
  origin: v.string(),
  /** Keyed by URL path (`/crypto/index.html`, `/assets/index-Ab12.js`). */
  files: v.record(v.string(), SiteFileSchema),
})
export type SiteManifest = v.InferOutput<typeof SiteManifestSchema>

export class ManifestError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options)
    this.name = 'ManifestError'
  }
}

/** The build's manifest, or null when the folder holds no build. */
export function readManifest(clientDir: string): SiteManifest | null {
  const file = join(clientDir, MANIFEST_FILE)
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw new ManifestError(`Could not read ${file}: ${(error as Error).message}`, { cause: error })
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new ManifestError(`${file} is not JSON: run \`npm run build\` again.`, { cause: error })
  }
  const result = v.safeParse(SiteManifestSchema, json)
  if (!result.success) {
    throw new ManifestError(
      `${file} is not a manifest this server reads (${v.summarize(result.issues).replace(/\n/g, '; ')}): run \`npm run build\` again.`,
    )
  }
  return result.output
}

/** The build as the server holds it: its manifest, and the bytes of each file and copy. */
export type Build = {
  manifest: SiteManifest
  /** Keyed by URL path: `/index.html`, `/index.html.br`, `/index.html.gz`. */
  bodies: Map<string, Uint8Array<ArrayBuffer>>
}

/**
 * The build in `clientDir`, read whole, once, or null
 * when there is none, for the public `origin` (the run-time `SITE_URL`) when one is given.
 * Served from memory by Hono's serveStatic, the home page took 55-60 µs of CPU per request;
 * opened and streamed at each request by @hono/node-server's serveStatic, 310-570 µs
 * (docs/DECISIONS.md, "The build compresses and describes its files").
 */
export function readBuild(clientDir: string, origin?: string): Build | null {
  const manifest = readManifest(clientDir)
  if (!manifest) return null
  const bodies = new Map<string, Uint8Array<ArrayBuffer>>()
  for (const [path, file] of Object.entries(manifest.files)) {
    for (const name of [
      path,
      ...file.encodings.map((encoding) => path + ENCODING_SUFFIX[encoding]),
    ]) {
      try {
        bodies.set(name, new Uint8Array(readFileSync(join(clientDir, name))))
      } catch (error) {
        throw new ManifestError(
          `${join(clientDir, name)} is in the build's manifest but cannot be read (${(error as Error).message}): run \`npm run build\` again.`,
          { cause: error },
        )
      }
    }
  }
  const build = { manifest, bodies }
  return origin ? withOrigin(build, origin) : build
}

// Files that may name the site's origin: pages (canonical links, social tags), the sitemap and
// robots.txt. Scripts never do, and keep their immutable names.
const NAMES_ORIGIN = /\.(html|xml|txt)$/

/**
 * The build for another public origin: every file that names the build's origin names `origin`
 * instead, with a new ETag and new compressed copies (made here at start, at the server's cheap
 * levels: a build made with the production `SITE_URL` needs none of this). The page's CSP hashes
 * hold: the build never writes the origin inside an inline element (scripts/site-manifest.ts).
 */
export function withOrigin(build: Build, origin: string): Build {
  const from = build.manifest.origin
  if (origin === from) return build
  // Not when followed by more of a host or port: http://localhost:3000 is no prefix of :30001.
  const pattern = new RegExp(`${from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w.:-])`, 'g')
  const encoder = new TextEncoder()
  const decoder = new TextDecoder()
  const files: Record<string, SiteFile> = {}
  const bodies = new Map(build.bodies)
  for (const [path, file] of Object.entries(build.manifest.files)) {
    const before = build.bodies.get(path)
    const text = before && NAMES_ORIGIN.test(path) ? decoder.decode(before) : ''
    const after = text.replace(pattern, () => origin)
    if (after === text) {
      files[path] = file
      continue
    }
    const body = encoder.encode(after)
    bodies.set(path, body)
    // The copies the build made, made again (each saved bytes at the build's levels).
    const copies = new Map(compressedCopiesSync(body))
    for (const encoding of file.encodings) {
      const suffix = ENCODING_SUFFIX[encoding]
      bodies.set(path + suffix, copies.get(suffix) as Uint8Array<ArrayBuffer>)
    }
    files[path] = { ...file, etag: weakEtag(body) }
  }
  return { manifest: { origin, files }, bodies }
}
