/**
 * Locator misses as agent-browser 0.41 words them, said in the caller's terms. `find label|text|placeholder|...`
 * acts through a marker attribute upstream writes into the page, so its failures name that marker
 * (`Element '[data-agent-browser-located='true']' is not visible ...`) instead of what was asked for; role locators
 * that match nothing say `No element found: getByRole('tab')`. Pure; `classifyReply` is the only caller.
 */

/** The selector upstream acts through after a `find` locator matched (reference §9.13). */
export const LOCATED_MARKER = "[data-agent-browser-located='true']"

/** What a `find` step asked for, in the caller's words: `text "Save"`, `role "tab" named "Foo"`, `nth 2 ".row"`. */
export const locatorLabel = (argv: ReadonlyArray<string> | undefined): string | undefined => {
  if (argv === undefined || argv[0] !== "find") return undefined
  const [, locator, value, third] = argv
  if (locator === undefined || value === undefined) return undefined
  if (locator === "role") {
    const at = argv.indexOf("--name")
    const name = at >= 0 ? argv[at + 1] : undefined
    return `role ${JSON.stringify(value)}${name !== undefined ? ` named ${JSON.stringify(name)}` : ""}`
  }
  if (locator === "nth" && third !== undefined) return `nth ${value} ${JSON.stringify(third)}`
  return `${locator} ${JSON.stringify(value)}`
}

/** Upstream's text with the marker selector replaced by what the caller asked for. */
export const withoutMarker = (text: string, label: string | undefined): string =>
  text.includes(LOCATED_MARKER)
    ? text
        .replaceAll(`'${LOCATED_MARKER}'`, label ?? "the located element")
        .replaceAll(LOCATED_MARKER, label ?? "the located element")
    : text

/**
 * The fields of the `SelectorNotFound` a locator miss is: upstream's words, or (its marker's first match hidden) the
 * action.
 */
export type LocatorMiss =
  /** What was looked for (the caller's selector or locator), and upstream's words. */
  | { readonly selector: string; readonly reason: "hidden" | "no-match"; readonly upstreamMessage: string }
  /** Upstream named only its marker: the message is said again from the locator and the action. */
  | { readonly selector: string; readonly reason: "first-match-hidden"; readonly action: string }

const HIDDEN = /^Element '(.+)' is not visible, so the (\w+) would not reach it/s
const ROLE_MISS = /^No element found: getByRole\('([^']*)'(?:, \{ name: '([^']*)' \})?\)\./
const INDEX_MISS = /^No element at index (\d+) for selector '(.*)'\. Verify the selector/s

/**
 * A reply that means "nothing the action could reach matched": a hidden match (the first match is what upstream acts
 * on), a role with no element, an index past the matches. Undefined when the message is something else.
 */
export const locatorMissOf = (message: string, argv: ReadonlyArray<string> | undefined): LocatorMiss | undefined => {
  const label = locatorLabel(argv)
  const hidden = HIDDEN.exec(message)
  if (hidden !== null) {
    const [, selector = "", action = "action"] = hidden
    return selector === LOCATED_MARKER
      ? { selector: label ?? "", reason: "first-match-hidden", action }
      : { selector, reason: "hidden", upstreamMessage: message }
  }
  const role = ROLE_MISS.exec(message)
  if (role !== null) {
    const [, name = "", accessible] = role
    return {
      selector:
        label ??
        `role ${JSON.stringify(name)}${accessible !== undefined ? ` named ${JSON.stringify(accessible)}` : ""}`,
      reason: "no-match",
      upstreamMessage: message
    }
  }
  const index = INDEX_MISS.exec(message)
  if (index !== null) return { selector: index[2] ?? "", reason: "no-match", upstreamMessage: message }
  return undefined
}
