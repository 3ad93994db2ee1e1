/**
 * The price lists' pages (`/`, `/crypto`) carry only the stylesheet every page needs
 * (src/styles/global.css); the rest of the site's CSS (src/styles/other-pages.css) would have made
 * `/`'s HTML one TCP window too large for a first round trip (docs/DECISIONS.md, "Each page's
 * first round trip"). The inline loader (src/boot/loader.ts) links that stylesheet after the
 * first paint, with the app's scripts, and marks the link `data-settled` once it has loaded or
 * failed.
 *
 * A list page rendered for a signed-in visitor links it in its head instead (its header needs it
 * for the first paint), already marked: it has loaded or failed before any script runs.
 *
 * The app starts only once it has: any page or dialog the visitor then opens is styled, the
 * first client-side navigation as much as a page loaded from the server. It is a few kB requested
 * before the scripts, so it has always arrived by then in practice; a failure lets the app start
 * all the same.
 */
export const SETTLED = 'data-settled'

export function linkedStylesheetsSettled(doc: Document = document): Promise<void> {
  const pending = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter(
    (link) => !link.hasAttribute(SETTLED),
  )
  return Promise.all(
    pending.map(
      (link) =>
        new Promise<void>((resolve) => {
          link.addEventListener('load', () => resolve(), { once: true })
          link.addEventListener('error', () => resolve(), { once: true })
        }),
    ),
  ).then(() => undefined)
}
