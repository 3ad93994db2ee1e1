import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import * as v from 'valibot'

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

/** Keyed by URL path (`/crypto/index.html`, `/assets/index-Ab12.js`). */
export const SiteManifestSchema = v.object({ files: v.record(v.string(), SiteFileSchema) })
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
 * The build in `clientDir` (about 1.7 MiB with its compressed copies), read whole, once, or null
 * when there is none. Served from memory by Hono's serveStatic, the home page took 55-60 µs of
 * CPU per request; opened and streamed at each request by @hono/node-server's serveStatic,
 * 310-570 µs (docs/PERFORMANCE.md, "Serving the build").
 */
export function readBuild(clientDir: string): Build | null {
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
  return { manifest, bodies }
}
