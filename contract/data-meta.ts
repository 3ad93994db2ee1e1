// Shared by every feature that shows market data and by the server (which sends these headers),
// so this module imports valibot (and the valibot-only ./exchange-rates) only.
import * as v from 'valibot'
import { CONVERSION_HEADER, ConversionSchema } from './exchange-rates'

/** What our server says about the data it sends (`X-Data-Source`). */
export const DataSourceSchema = v.picklist(['live', 'cache', 'stale', 'sample'])
export type DataSource = v.InferOutput<typeof DataSourceSchema>

/** Where data came from, when our server says so (CoinGecko itself sends neither). */
export const DataMetaSchema = v.object({
  source: v.nullable(DataSourceSchema),
  updatedAt: v.nullable(v.string()),
  /** Figures the server made from US dollars: at which rate, from when. */
  conversion: v.optional(ConversionSchema),
})
export type DataMeta = v.InferOutput<typeof DataMetaSchema>

/** The meta of one answer, from its `X-Data-Source` and `X-Data-Updated-At` headers. */
export function readDataMeta(headers: Headers): DataMeta {
  const source = v.safeParse(DataSourceSchema, headers.get('X-Data-Source'))
  const meta: DataMeta = {
    source: source.success ? source.output : null,
    updatedAt: headers.get('X-Data-Updated-At'),
  }
  const conversion = headers.get(CONVERSION_HEADER)
  if (conversion) {
    const parsed = v.safeParse(ConversionSchema, parseJson(conversion))
    if (parsed.success) meta.conversion = parsed.output
  }
  return meta
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}
