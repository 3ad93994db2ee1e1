import * as v from 'valibot'
import { fieldIssues } from './schemas'

export type Errors<F extends string> = Partial<Record<F, string>>

/** The shared schema decides: the same rules run in the forms and on the server. */
export function validateFields<S extends v.GenericSchema, F extends string>(
  schema: S,
  values: Record<F, string>,
  fields: readonly F[],
): { data: v.InferOutput<S> | null; errors: Errors<F> } {
  const result = v.safeParse(schema, values)
  if (result.success) return { data: result.output, errors: {} }
  const errors: Errors<F> = {}
  for (const { field, message } of fieldIssues(result.issues)) {
    if ((fields as readonly string[]).includes(field)) errors[field as F] = message
  }
  return { data: null, errors }
}

/** Puts focus on the first field, in form order, that shows an error. */
export function focusFirstInvalid<F extends string>(
  form: HTMLFormElement | null,
  fields: readonly F[],
  errors: Errors<F>,
): void {
  const first = fields.find((field) => errors[field])
  const element = first ? form?.elements.namedItem(first) : null
  if (element instanceof HTMLInputElement) element.focus()
}

/**
 * After a post made without the script came back with a problem (JavaScript was slow or off),
 * the page's script, once running, moves focus to it, unless the visitor is already elsewhere.
 */
export function focusReturnedProblem(problem: HTMLElement | null): void {
  if (document.activeElement === document.body) problem?.focus()
}
