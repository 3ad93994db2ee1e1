// The entry: every page is prerendered HTML that is complete without JavaScript (scripts/prerender.ts),
// so the app's code (src/start-app.tsx) is fetched once that HTML has been painted. Fetched with
// the page, it arrived and ran before the first frame was on screen, and held the first paint back
// by its download, compile and run time on slow phones.

// Imported here too, so the stylesheet belongs to this entry and is named in every page's HTML
// (which the prerenderer inlines), not added later by the app's chunk.
import '@/styles/global.css'

const FALLBACK_MS = 1000

function afterFirstPaint(run: () => void): void {
  let done = false
  const once = () => {
    if (done) return
    done = true
    run()
  }
  // A hidden tab paints nothing, and a browser may lack paint timing: never wait forever.
  if (document.visibilityState === 'hidden') {
    once()
    return
  }
  setTimeout(once, FALLBACK_MS)
  if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    // 'first-contentful-paint' is reported once the frame is on screen (presentation time).
    new PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return
      observer.disconnect()
      setTimeout(once, 0)
    }).observe({ type: 'paint', buffered: true })
  } else {
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(once, 0)))
  }
}

afterFirstPaint(() => {
  void import('./start-app').then(({ startApp }) => startApp())
})
