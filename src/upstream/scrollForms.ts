/**
 * The contract's scroll forms that agent-browser 0.41 does not take, as the upstream argv that does the same:
 * `scroll <css> <up|down|left|right> [px]` → `scroll <dir> [px] --selector <css>` (a container), and
 * `scroll to end|bottom|top` → `scroll down|up <a distance past any page>` (the page; the browser stops at the end).
 * Anything else is left as it is. Pure.
 */
import { globalFlagTokens, parseCommandLine } from "./commandLine.js"

const DIRECTIONS = new Set(["up", "down", "left", "right"])
/** Farther than any page is long: a scroll by it ends at the page's end (or top). */
export const TO_END_PX = "10000000"

export const scrollFormArgs = (args: ReadonlyArray<string>): ReadonlyArray<string> => {
  const line = parseCommandLine(args)
  if (line.command !== "scroll") return args
  const [, first, second, third, ...more] = line.positionals
  const rewritten = (rest: ReadonlyArray<string>) => [...globalFlagTokens(line), "scroll", ...rest]
  if (first === "to" && (second === "end" || second === "bottom" || second === "top")) {
    return rewritten([second === "top" ? "up" : "down", TO_END_PX, ...(third !== undefined ? [third] : []), ...more])
  }
  if (
    first !== undefined &&
    !first.startsWith("-") &&
    !DIRECTIONS.has(first) &&
    !/^\d+$/.test(first) &&
    second !== undefined &&
    DIRECTIONS.has(second)
  ) {
    const px = third !== undefined && /^\d+$/.test(third) ? [third] : []
    return rewritten([
      second,
      ...px,
      "--selector",
      first,
      ...(px.length > 0 ? more : [...(third !== undefined ? [third] : []), ...more])
    ])
  }
  return args
}
