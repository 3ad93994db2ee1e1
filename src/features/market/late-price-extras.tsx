import { type RefObject, useEffect } from 'react'
import { lateHydration, whenOnline } from '@/boot/late-hydration'
import { useNearViewport } from '@/boot/near-viewport'

// The price section's global bar and currency menu hydrate when the prices are about to be
// seen, or when the visitor reaches into the section, not with the page (README, "Start-up
// speed"). Their placeholders have their sizes (market.css).
const extras = lateHydration(() => whenOnline(() => import('./price-extras')))

/** Loads the parts' code (once). The server awaits it before it renders a page. */
export const loadPriceExtras = extras.want
export const GlobalBar = extras.part((m) => m.GlobalBar, <div className="global-bar" />)
export const CurrencyMenu = extras.part((m) => m.CurrencyMenu, <div className="currency-menu" />)

/**
 * Starts loading the parts when the element given the returned ref nears the viewport, or when
 * the visitor reaches into `section` first: a pointer press on the menu focuses it, and a change
 * without focus (assistive technology, a script), or one made before this listened, is applied by
 * the menu as it hydrates. Listened to above the app's root, where React stops events that land in
 * a part not hydrated yet.
 */
export function usePriceExtras(section: RefObject<HTMLElement | null>) {
  const near = useNearViewport<HTMLDivElement>()
  useEffect(() => {
    // A failure leaves the parts' placeholders.
    if (near.near) loadPriceExtras().catch(() => {})
  }, [near.near])
  useEffect(() => {
    // A pick in a menu whose code cannot load is sent as its form, as without JavaScript.
    const want = (form: HTMLFormElement | null) =>
      loadPriceExtras().catch(() => {
        if (form) form.requestSubmit()
      })
    // A pick made before this listened (as the page appeared, before its script ran) is in the
    // server's select already and is heard by no one: its code is wanted now, wherever the menu
    // is, and the menu applies the pick as it hydrates.
    for (const select of section.current?.querySelectorAll('select') ?? []) {
      if (select.selectedOptions[0]?.defaultSelected === false) void want(select.form)
    }
    const types = ['focusin', 'change']
    const listener = (event: Event) => {
      const target = event.target as Node
      if (!section.current?.contains(target)) return
      void want(event.type === 'change' && target instanceof HTMLSelectElement ? target.form : null)
    }
    for (const type of types) document.addEventListener(type, listener, true)
    return () => {
      for (const type of types) document.removeEventListener(type, listener, true)
    }
  }, [section])
  return near.ref
}
