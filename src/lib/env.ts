import * as v from 'valibot'

// Build-time settings (Vite inlines `import.meta.env`), checked once so a typo fails loudly.
const EnvSchema = v.object({
  VITE_MARKET_API_URL: v.optional(v.pipe(v.string(), v.nonEmpty()), '/api/market'),
  VITE_API_URL: v.optional(v.string(), ''),
})

const result = v.safeParse(EnvSchema, import.meta.env)
if (!result.success) {
  throw new Error(`Invalid build settings: ${v.summarize(result.issues)}`)
}

// ky needs absolute URLs outside a browser page (tests, prerendering), so relative settings are
// resolved against the page's origin when there is one.
function absolute(url: string): string {
  const base = typeof location === 'undefined' ? 'http://localhost' : location.href
  return new URL(url, base).href.replace(/\/?$/, '/')
}

export const env = {
  marketApiUrl: absolute(result.output.VITE_MARKET_API_URL),
  apiUrl: absolute(result.output.VITE_API_URL || '/'),
  /** Our API as a form's `action` names it: as configured, so prerendered and client HTML agree. */
  formApiUrl: (result.output.VITE_API_URL || '').replace(/\/?$/, '/'),
}
