/// <reference types="vite/client" />

/** A hash of the code that shapes stored market data (vite.config.ts). */
declare const __STORAGE_BUSTER__: string

interface ImportMetaEnv {
  readonly VITE_MARKET_API_URL?: string
  readonly VITE_API_URL?: string
}
