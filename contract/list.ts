import * as v from 'valibot'

/** Told of each item a list drops, with the reason (its issues, summarised). */
export type OnDropped = (item: unknown, reason: string) => void

/**
 * A list where one malformed item among good ones is dropped, so the good ones still show.
 * A list in which no item is valid is an error: that is a changed API, not one bad coin.
 */
export function listOfValid<S extends v.GenericSchema>(item: S, onDropped?: OnDropped) {
  return v.pipe(
    v.array(v.unknown()),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const valid: v.InferOutput<S>[] = []
      for (const value of dataset.value) {
        const result = v.safeParse(item, value)
        if (result.success) valid.push(result.output)
        else onDropped?.(value, v.summarize(result.issues))
      }
      if (dataset.value.length > 0 && valid.length === 0) {
        addIssue({ message: 'no item of the list has the expected shape' })
        return NEVER
      }
      return valid
    }),
  )
}
