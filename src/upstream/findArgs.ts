/**
 * A `find` command's parts, as agent-browser 0.41 reads them: `find <locator> <value> [action] [text]`, except
 * `find nth <index> <selector> [action] [text]`, whose action comes one place later. The action defaults to `click`.
 * The one reader of that grammar for the texts, the redaction and the ref fallbacks. Pure.
 */

export interface FindArgs {
  readonly locator: string
  /** The locator's value (`nth`: the index). */
  readonly value: string
  /** `nth` only: the CSS selector whose match at `value` is acted on. */
  readonly selector?: string
  readonly action: string
  /** Where the action stands in the positionals (its text, for fill, right after it); absent when defaulted. */
  readonly actionAt?: number
  /** `--name <n>` (role). */
  readonly name?: string
}

/** The parts of `find …` positionals (the command first); undefined for another command or no locator/value. */
export const findArgsOf = (positionals: ReadonlyArray<string>): FindArgs | undefined => {
  const [command, locator, value] = positionals
  if (command !== "find" || locator === undefined || value === undefined) return undefined
  const nth = locator === "nth"
  const at = nth ? 4 : 3
  const action = positionals[at]
  const nameAt = positionals.indexOf("--name")
  const name = nameAt >= 0 ? positionals[nameAt + 1] : undefined
  const selector = nth ? positionals[3] : undefined
  return {
    locator,
    value,
    ...(selector !== undefined ? { selector } : {}),
    action: action ?? "click",
    ...(action !== undefined ? { actionAt: at } : {}),
    ...(name !== undefined ? { name } : {})
  }
}
