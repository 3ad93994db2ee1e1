import { useEffect, useRef } from 'react'

/** Where a section starts to appear: its top within 75% of the viewport height. */
const ROOT_MARGIN = '0px 0px -25% 0px'

/**
 * Fades a section in as it scrolls into view. The markup never carries the hidden state: the
 * classes are added here, after render, so prerendered HTML, crawlers, screen readers and visitors
 * without JavaScript or with reduced motion always get visible content.
 */
export function useFadeIn<T extends HTMLElement>(durationMs: number) {
  const ref = useRef<T>(null)

  useEffect(() => {
    const element = ref.current
    if (!element || typeof IntersectionObserver === 'undefined') return
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return
    // Already on screen: hiding it now would make it blink.
    if (element.getBoundingClientRect().top < window.innerHeight * 0.75) return

    element.style.setProperty('--fade-duration', `${durationMs}ms`)
    // Hide it at once: with its transition on, a section already painted would visibly fade out.
    element.style.transition = 'none'
    element.classList.add('fade')
    void element.offsetHeight
    element.style.removeProperty('transition')
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return
        element.classList.add('fade--in')
        observer.disconnect()
      },
      { rootMargin: ROOT_MARGIN },
    )
    observer.observe(element)
    return () => {
      observer.disconnect()
      element.classList.remove('fade', 'fade--in')
      element.style.removeProperty('--fade-duration')
    }
  }, [durationMs])

  return ref
}
