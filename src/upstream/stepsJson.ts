/**
 * A batch's stdin: its steps as JSON, exactly as `JSON.stringify(steps)` prints them. The long arguments (the click's
 * recorder and read scripts, ~37 KiB of escaped source) are the same call after call; each is escaped once and kept,
 * a few at a time (escaping them cost ~0.1-0.3 ms on every click, bench:core).
 */

/** Arguments shorter than this are escaped each time (a lookup would cost about as much). */
const LONG = 1_024
/** Long arguments kept at once (the oldest is dropped for a new one): a few batches' scripts. */
const KEPT = 32

/** A printer of steps with its own store of escaped arguments (one per SessionCommands layer). */
export const makeStepsJson = (): ((steps: ReadonlyArray<ReadonlyArray<string>>) => string) => {
  const escaped = new Map<string, string>()
  const jsonOf = (arg: string): string => {
    if (arg.length < LONG) return JSON.stringify(arg)
    const known = escaped.get(arg)
    if (known !== undefined) return known
    const json = JSON.stringify(arg)
    if (escaped.size >= KEPT) escaped.delete(escaped.keys().next().value as string)
    escaped.set(arg, json)
    return json
  }
  return (steps) =>
    steps.every((step) => step.every((arg) => typeof arg === "string"))
      ? `[${steps.map((step) => `[${step.map(jsonOf).join(",")}]`).join(",")}]`
      : JSON.stringify(steps)
}
