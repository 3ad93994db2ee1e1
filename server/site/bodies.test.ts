import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { compressedCopies, compressedCopiesSync } from './bodies'

const body = new TextEncoder().encode(
  `<!doctype html>${Array.from({ length: 400 }, (_, i) => `<tr><td>coin ${i}</td><td>$${i * 7.31}</td></tr>`).join('')}`,
)

describe('compressedCopies', () => {
  it('makes a brotli and a gzip copy of the body, the same off and on the main thread', async () => {
    const copies = new Map(await compressedCopies(body))
    expect([...copies.keys()]).toEqual(['.br', '.gz'])
    expect(brotliDecompressSync(copies.get('.br') as Uint8Array)).toEqual(Buffer.from(body))
    expect(gunzipSync(copies.get('.gz') as Uint8Array)).toEqual(Buffer.from(body))
    expect(compressedCopiesSync(body)).toEqual([...copies])
  })

  it('compresses at brotli 6, never the build’s 11, whose thread-pool time starved sign-ins', async () => {
    const [[, br]] = (await compressedCopies(body)) as [[string, Uint8Array]]
    const at = (quality: number) =>
      new Uint8Array(
        brotliCompressSync(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: quality,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
          },
        }),
      )
    expect(br).toEqual(at(6))
    expect(br).not.toEqual(at(11))
  })
})
