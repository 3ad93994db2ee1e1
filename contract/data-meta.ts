// Shared by every feature that shows market data and by the server (which sends these headers),
// so this module imports valibot only.
import * as v from 'valibot'

/** What our server says about the data it sends (`X-Data-Source`). */
export const DataSourceSchema = v.picklist(['live', 'cache', 'stale', 'sample'])
export type DataSource = v.InferOutput<typeof DataSourceSchema>

/** Where data came from, when our server says so (CoinGecko itself sends neither). */
export const DataMetaSchema = v.object({
  source: v.nullable(DataSourceSchema),
  updatedAt: v.nullable(v.string()),
})
export type DataMeta = v.InferOutput<typeof DataMetaSchema>

/** The meta of one answer, from its `X-Data-Source` and `X-Data-Updated-At` headers. */
export function readDataMeta(headers: Headers): DataMeta {
  const source = v.safeParse(DataSourceSchema, headers.get('X-Data-Source'))
  return {
    source: source.success ? source.output : null,
    updatedAt: headers.get('X-Data-Updated-At'),
  }
}
