/**
 * The page's inline loader: `scripts/prerender.ts` compiles this module into a small script and
 * writes it into every page in place of Vite's module script and modulepreload links (the server
 * allows it by its hash). Fetched with the page, the app's scripts arrived and ran before the first
 * frame was presented and so held back the first paint (docs/DECISIONS.md, "Prerendered pages paint before any JavaScript"). It runs before any
 * other code, so it imports nothing.
 *
 * On the price lists' pages it also links the rest of the site's CSS (`stylesheet`, see
 * src/boot/stylesheets.ts), with the scripts.
 *
 * It starts the app once 'first-contentful-paint' is reported (the frame is on screen); at once in
 * a hidden tab (which paints nothing); after two frames where paint timing is missing; and within
 * 1 s whatever happens. It marks `<html data-scrolled>` when the visitor scrolls the page before
 * then (see `useFadeIn`).
 */
export function startApp(
  entry: string,
  preloads: readonly string[],
  stylesheet: string | null = null,
): void {
  const doc = document
  let started = false
  const start = () => {
    if (started) return
    started = true
    // The rest of the site's CSS, on the pages that carry only their own (src/boot/stylesheets.ts):
    // first, so it is requested before the scripts; marked once settled, which the app awaits.
    if (stylesheet) {
      const link = doc.createElement('link')
      link.rel = 'stylesheet'
      link.href = stylesheet
      link.onload = link.onerror = () => link.setAttribute('data-settled', '')
      doc.head.append(link)
    }
    // Each chunk is a module script of its own, in Vite's order (dependencies first), so the
    // browser runs each chunk's top-level code in its own task; all are added in one insertion.
    const scripts = doc.createDocumentFragment()
    for (const src of [...preloads, entry]) {
      const script = doc.createElement('script')
      script.type = 'module'
      script.async = false
      script.crossOrigin = ''
      script.src = src
      scripts.append(script)
    }
    doc.body.append(scripts)
  }

  addEventListener('scroll', () => doc.documentElement.setAttribute('data-scrolled', ''), {
    once: true,
    passive: true,
  })
  if (doc.visibilityState === 'hidden') {
    start()
    return
  }
  setTimeout(start, 1000)
  if (window.PerformanceObserver?.supportedEntryTypes?.includes('paint')) {
    new PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return
      observer.disconnect()
      setTimeout(start)
    }).observe({ type: 'paint', buffered: true })
  } else {
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start)))
  }
}
