// Pages without market data rendered for one request: a signed-in visitor's, or an address the
// prerendered page cannot carry (the sign-in form's `?return=`).
import type { PageData } from '@contract/page-data'
import type { Rendered, RenderKit } from './kit'

export function signedInPages(kit: RenderKit) {
  return {
    /**
     * A page without market data (or whose data is missing now) rendered for this request alone:
     * for a signed-in `data.viewer`, or an address the prerendered page cannot carry (the sign-in
     * form's `?return=`). `path` is the address with its query, as the router reads it.
     */
    personal: (path: string, file: string, data: PageData): Promise<Rendered | null> =>
      kit.personal(path, file, data),
  }
}
