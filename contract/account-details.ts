// `GET /api/account` as the account page reads it, and as a page rendered for a signed-in visitor
// carries it (contract/page-data.ts); apart from contract/account.ts, whose password rules no page
// state should bring along.
import * as v from 'valibot'

export const AccountDetailsSchema = v.object({
  id: v.string(),
  name: v.string(),
  email: v.string(),
  phoneNumber: v.nullable(v.string()),
  emailVerified: v.boolean(),
  /** The address a change waits to confirm with the link mailed to it, while that link works. */
  pendingEmail: v.nullable(v.string()),
})
export type AccountDetails = v.InferOutput<typeof AccountDetailsSchema>

export const AccountResponseSchema = v.object({ account: AccountDetailsSchema })
