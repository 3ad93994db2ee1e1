// A small hook rather than TanStack Form: two forms of two and four text fields need values,
// errors and one submit, and the library would add its bytes to the /signup and /signin pages.
import type { UseMutationResult } from '@tanstack/react-query'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import * as v from 'valibot'
import { fieldIssues } from '@contract/api-error'
import type { FormProblem } from '@/components/form/form-problem'
import { describeFailure } from './failure'

export type Errors<F extends string> = Partial<Record<F, string>>
type Failure<F extends string> = { errors: Errors<F>; problem: FormProblem | null }

export type AuthFormOptions<S extends v.GenericSchema, F extends string, T> = {
  /** The shared schema decides: the same rules run in the form and on the server. */
  schema: S
  /** The fields in form order, which is the order focus looks for the first error in. */
  fields: readonly F[]
  initial: Record<F, string>
  mutation: UseMutationResult<T, Error, v.InferOutput<S>>
  /** The problem a post made without the page's script came back with (`?error=`). */
  returned: FormProblem | null
  onSuccess: (data: T) => void
  /** What a failed request means to the visitor; by default `describeFailure`. */
  describe?: (error: Error) => Failure<F>
  /** Emptied after a form-level problem that is not a retry (a wrong password is retyped). */
  clearAfterProblem?: readonly F[]
}

/**
 * Values, errors and submit of a form posting to our API: checks every field on submit and sends
 * nothing while one is wrong, re-checks a field with an error as the visitor types, and puts focus
 * on the first field in error, or on the form-level problem.
 */
export function useAuthForm<S extends v.GenericSchema, F extends string, T>({
  schema,
  fields,
  initial,
  mutation,
  returned,
  onSuccess,
  describe = (error) => describeFailure(error, fields),
  clearAfterProblem = [],
}: AuthFormOptions<S, F, T>) {
  const formRef = useRef<HTMLFormElement>(null)
  const problemRef = useRef<HTMLDivElement>(null)
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<Errors<F>>({})
  const [problem, setProblem] = useState(returned)
  // Fields whose message came from the server (409, 400): the local rules cannot judge those, so
  // leaving the field (blur) keeps the message; editing the field re-checks it as usual.
  const serverErrors = useRef(new Set<F>())

  // After a post made without the script came back with a problem (JavaScript was slow or off),
  // the page's script, once running, moves focus to it, unless the visitor is already elsewhere.
  // Keyed by the message: the caller builds a new problem object on every render.
  const returnedMessage = returned?.message
  useEffect(() => {
    if (returnedMessage && document.activeElement === document.body) problemRef.current?.focus()
  }, [returnedMessage])

  const validate = (next: Record<F, string>) => validateFields(schema, next, fields)

  function update(field: F, value: string) {
    const next = { ...values, [field]: value }
    setValues(next)
    serverErrors.current.delete(field)
    // Once a field shows an error, re-check it as the visitor types so it clears when fixed.
    if (errors[field]) setErrors((prev) => ({ ...prev, [field]: validate(next).errors[field] }))
  }

  /** Checks one field, for a form that checks each field as the visitor leaves it. */
  function check(field: F) {
    if (serverErrors.current.has(field)) return
    setErrors((prev) => ({ ...prev, [field]: validate(values).errors[field] }))
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    // The browser's own submit would reload the page and lose what was typed.
    event.preventDefault()
    if (mutation.isPending) return
    const { data, errors: found } = validate(values)
    setErrors(found)
    setProblem(null)
    serverErrors.current.clear()
    if (!data) {
      focusFirstInvalid(formRef.current, fields, found)
      return
    }
    mutation.mutate(data, {
      onSuccess,
      onError: (error) => {
        const failure = describe(error)
        setErrors(failure.errors)
        setProblem(failure.problem)
        serverErrors.current = new Set(fields.filter((field) => failure.errors[field]))
        if (failure.problem && !failure.problem.retry && clearAfterProblem.length > 0) {
          setValues((prev) => {
            const next = { ...prev }
            for (const name of clearAfterProblem) next[name] = ''
            return next
          })
        }
        if (Object.keys(failure.errors).length > 0)
          focusFirstInvalid(formRef.current, fields, failure.errors)
        else requestAnimationFrame(() => problemRef.current?.focus())
      },
    })
  }

  /** The props a `Field` needs for `field`: name, value, error and change handler. */
  const field = (name: F) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { currentTarget: HTMLInputElement }) =>
      update(name, event.currentTarget.value),
  })

  return {
    formRef,
    problemRef,
    problem,
    field,
    check,
    submit,
    /** Try again: resubmits what the visitor typed. */
    retry: () => formRef.current?.requestSubmit(),
    pending: mutation.isPending,
  }
}

function validateFields<S extends v.GenericSchema, F extends string>(
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
function focusFirstInvalid<F extends string>(
  form: HTMLFormElement | null,
  fields: readonly F[],
  errors: Errors<F>,
): void {
  const first = fields.find((field) => errors[field])
  const element = first ? form?.elements.namedItem(first) : null
  if (element instanceof HTMLInputElement) element.focus()
}

/** The form action's `?return=`: the server sends a form posted without JavaScript there. */
export const returnQuery = (back: string | undefined) =>
  back ? `?${new URLSearchParams({ return: back })}` : ''
