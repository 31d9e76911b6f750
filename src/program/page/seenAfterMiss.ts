/**
 * A wait that asserted a URL or a text and was not met: what the page is instead, read right after the miss (best
 * effort, within the call's budget; one more upstream process, on the failure path only). For a URL the address the
 * page is at; for a text the first words the page shows, so the text says what did not appear and what did.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type { SessionTarget } from "../../domain/SessionTarget.js"
import { type TimedOut, withFields } from "../../schema/ToolError.js"
import { SessionCommands } from "../../services/SessionCommands.js"

/** Budget of the read after a missed assertion. */
const SEEN_READ_MS = 5_000
/** Below this, no read is started: it could not finish before the call's watchdog. */
const MIN_READ_MS = 1_000
/** How much of the page's text a missed text assertion shows. */
const SEEN_TEXT_CHARS = 160

/** The page's visible text on one line, cut at a word near the limit, with an ellipsis when cut. */
export const seenTextOf = (text: string): string => {
  const line = text.replace(/\s+/g, " ").trim()
  if (line.length <= SEEN_TEXT_CHARS) return line
  const cut = line.slice(0, SEEN_TEXT_CHARS)
  const space = cut.lastIndexOf(" ")
  return `${space > SEEN_TEXT_CHARS / 2 ? cut.slice(0, space) : cut}…`
}

const field = (data: unknown, name: string): unknown =>
  data !== null && typeof data === "object" ? (data as Record<string, unknown>)[name] : undefined

/** A URL or text assertion that was not met, with what the page is at or shows (read now, by `deadline`). */
export const withSeenPage = (target: SessionTarget, error: TimedOut, deadline: number) =>
  Effect.gen(function* () {
    const assertion = error.assertion
    if (assertion === undefined) return error
    const left = deadline - (yield* Clock.currentTimeMillis)
    if (left < MIN_READ_MS) return error
    const commands = yield* SessionCommands
    const args = assertion.kind === "url" ? ["get", "url"] : ["get", "text", "body"]
    const read = yield* Effect.either(commands.run(target, args, { timeoutMs: Math.min(SEEN_READ_MS, left) }))
    const data = Either.isRight(read) && read.right.kind === "single" ? read.right.data : undefined
    if (assertion.kind === "url") {
      const url = field(data, "url")
      if (typeof url !== "string" || url === "") return error
      return withFields(error, { assertion: { ...assertion, seenUrl: url } })
    }
    const text = field(data, "text")
    if (typeof text !== "string") return error
    return withFields(error, { assertion: { ...assertion, seenText: seenTextOf(text) } })
  })
