/**
 * A fill's ref target, read by upstream itself after the read-back (`get value`, `is enabled`, `get attr readonly`
 * on the ref): the field the ref names is judged, not what holds the focus now (fillReadback.ts). Pure.
 */

/** A ref's own field as upstream reads it (`refRows`, in this order, after the read-back's eval). */
export interface RefFacts {
  readonly value?: string
  readonly enabled?: boolean
  readonly readOnly?: boolean
}

/** The upstream reads of a ref's own field, after the read-back's eval; none for a CSS target or a locator. */
export const refRows = (target: { readonly selector: string | undefined }): ReadonlyArray<ReadonlyArray<string>> => {
  const ref = target.selector
  if (ref === undefined || !ref.startsWith("@")) return []
  return [
    ["get", "value", ref],
    ["is", "enabled", ref],
    ["get", "attr", ref, "readonly"]
  ]
}

/** The ref facts from the results of `refRows` (a failed read gives none). */
export const refFactsOf = (results: ReadonlyArray<unknown>): RefFacts => {
  const field = (i: number, key: string): unknown =>
    results[i] !== null && typeof results[i] === "object" ? (results[i] as Record<string, unknown>)[key] : undefined
  const value = field(0, "value"),
    enabled = field(1, "enabled"),
    readOnly = field(2, "value")
  return {
    ...(typeof value === "string" ? { value } : {}),
    ...(typeof enabled === "boolean" ? { enabled } : {}),
    ...(results[2] !== undefined ? { readOnly: typeof readOnly === "string" } : {})
  }
}
