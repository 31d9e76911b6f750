/** Reads of a result's next actions, as a model following the tool sees them. */

/** The ids of a result's next actions, in order (none when it offers none). */
export const nextIds = (result: {
  readonly details: { readonly nextActions?: ReadonlyArray<{ readonly id: string }> }
}) => (result.details.nextActions ?? []).map((a) => a.id)
