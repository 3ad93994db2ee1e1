import { useEffect, useRef } from 'react'

/** Where a section starts to appear: its top within 75% of the viewport height. */
const ROOT_MARGIN = '0px 0px -25% 0px'

/**
 * Fades a section in as it scrolls into view. The markup never carries the hidden state: the
 * classes are added here, after render, so prerendered HTML, crawlers, screen readers and visitors
 * without JavaScript or with reduced motion always get visible content.
 *
 * The observer's first report says where the section is, from the layout the browser does anyway:
 * asking the element itself (`getBoundingClientRect`) would force an extra layout during start-up.
 */
export function useFadeIn<T extends HTMLElement>(durationMs: number) {
  const ref = useRef<T>(null)

  useEffect(() => {
    const element = ref.current
    if (!element || typeof IntersectionObserver === 'undefined') return
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return

    let first = true
    let frame = 0
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries.at(-1)
        if (!entry) return
        if (first) {
          first = false
          // Already there or scrolled past: hiding it now would make it blink.
          const line = entry.rootBounds?.bottom ?? window.innerHeight * 0.75
          if (entry.isIntersecting || entry.boundingClientRect.top < line) {
            observer.disconnect()
            return
          }
          element.style.setProperty('--fade-duration', `${durationMs}ms`)
          // Hide it at once (a section already painted would visibly fade out), and turn the
          // transition back on only after a frame has been drawn without it.
          element.style.transition = 'none'
          element.classList.add('fade')
          frame = requestAnimationFrame(() => {
            frame = requestAnimationFrame(() => element.style.removeProperty('transition'))
          })
          return
        }
        if (!entry.isIntersecting) return
        element.classList.add('fade--in')
        observer.disconnect()
      },
      { rootMargin: ROOT_MARGIN },
    )
    observer.observe(element)
    return () => {
      observer.disconnect()
      cancelAnimationFrame(frame)
      element.classList.remove('fade', 'fade--in')
      element.style.removeProperty('--fade-duration')
      element.style.removeProperty('transition')
    }
  }, [durationMs])

  return ref
}
