// The one form of an email address the server stores, compares, rate-limits and counts mail by
// (server/db/accounts.ts, server/auth/sign-in-limits.ts, server/auth/recovery.ts).

/**
 * An address as the server keys it: compatibility-normalised (full-width letters and the Kelvin
 * sign become plain ones), lower-cased by Unicode's rules, normalised again (lower-casing can undo
 * NFKC: "İ" becomes "i" and a combining dot) and trimmed. Idempotent, so a key is its own key.
 * No database case folding takes part: PostgreSQL's `lower()` follows the server's locale.
 */
export function normalizeEmail(value: string): string {
  return value.normalize('NFKC').toLowerCase().normalize('NFKC').trim()
}
