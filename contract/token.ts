// Apart from contract/account.ts so that the routes' search schemas, in every page's entry, do not
// bring the password rules along.

/** A token from an emailed link: 32 random bytes in base64url (server/auth/tokens.ts). */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/
