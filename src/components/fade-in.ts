import { useEffect, useRef } from 'react'

/**
 * Where a section starts to appear: its top within 75% of the viewport height, or anywhere above
 * that. The top margin reaches far above the viewport, so a section scrolled past counts as
 * reached: an observer reports only changes between the frames it checks, and a fast scroll on
 * a busy page can carry a section from below the viewport to above it between two of them.
 */
const ROOT_MARGIN = '100000px 0px -25% 0px'

/**
 * The page's inline loader marks `<html data-scrolled>` when the visitor scrolls the prerendered
 * page before the app has started. They have seen its sections then, so none is hidden for a
 * fade during this page load: it would blink, or stay hidden below a visitor who scrolled back.
 */
const scrolledBeforeStart = () =>
  typeof document !== 'undefined' && document.documentElement.hasAttribute('data-scrolled')

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
    if (scrolledBeforeStart()) return

    let first = true
    let frame = 0
    // Sets the section's state with its transition off, and turns the transition back on only
    // after a frame has been drawn without it.
    const withoutTransition = (change: () => void) => {
      element.style.transitionProperty = 'none'
      change()
      cancelAnimationFrame(frame)
      frame = requestAnimationFrame(() => {
        frame = requestAnimationFrame(() => element.style.removeProperty('transition-property'))
      })
    }
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries.at(-1)
        if (!entry) return
        if (first) {
          first = false
          // Already there or scrolled past: hiding it now would make it blink.
          if (entry.isIntersecting) {
            observer.disconnect()
            return
          }
          // On the section itself, which nothing inherits: a custom property needed an
          // `@property` rule, and registering one when its stylesheet arrived after the first
          // paint made the browser restyle the whole page (537 elements on `/`).
          element.style.transitionDuration = `${durationMs}ms`
          // Hidden at once: a section already painted would visibly fade out.
          withoutTransition(() => element.classList.add('fade'))
          return
        }
        if (!entry.isIntersecting) return
        observer.disconnect()
        // Scrolled past before it could fade in: shown as it is, nothing left to animate.
        if (entry.boundingClientRect.bottom <= 0) {
          withoutTransition(() => element.classList.add('fade--in'))
        } else {
          element.classList.add('fade--in')
        }
      },
      { rootMargin: ROOT_MARGIN },
    )
    observer.observe(element)
    return () => {
      observer.disconnect()
      cancelAnimationFrame(frame)
      element.classList.remove('fade', 'fade--in')
      element.style.removeProperty('transition-duration')
      element.style.removeProperty('transition-property')
    }
  }, [durationMs])

  return ref
}
