/**
 * The session's last known page: what a call's own reply says about where the page is now, and whether a page read
 * after a call differs from it. A result states `Page:` (or a snapshot's origin) only when it carries news. Pure.
 */
import type { UpstreamOutcome } from "../domain/Outcome.js"
import type { LastPage } from "../domain/PageFacts.js"
import { parseCommandLine } from "../upstream/commandLine.js"
import { mayNavigate } from "../upstream/commandPolicy.js"
import { changesPage } from "../upstream/commandEffects.js"

const asData = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {}

/** `tab` / `tab list` only read the tabs. */
const isTabList = (positionals: ReadonlyArray<string>): boolean => {
  const at = positionals.indexOf("tab")
  return at >= 0 && (positionals[at + 1] === undefined || positionals[at + 1] === "list")
}

/** The page one command's reply names, if any. */
const pageIn = (command: string | undefined, data: Record<string, unknown>): LastPage | undefined => {
  const url =
    typeof data["url"] === "string"
      ? data["url"]
      : command === "snapshot" && typeof data["origin"] === "string"
        ? data["origin"]
        : undefined
  if (url === undefined || url === "" || (command !== "snapshot" && !changesPage(command))) return undefined
  return typeof data["title"] === "string" && command !== "tab" ? { url, title: data["title"] } : { url }
}

/**
 * Where the session is after a call: the page read after it (`navigation`), the page its reply names, `null` when it
 * may have navigated without saying where, or `undefined` when it did not move (keep the previous page).
 */
export const pageAfter = (
  positionals: ReadonlyArray<string>,
  outcome: UpstreamOutcome,
  navigation: LastPage | undefined,
  previous: LastPage | undefined
): LastPage | null | undefined => {
  if (navigation !== undefined) return navigation
  const steps =
    outcome.kind === "batch"
      ? outcome.rows.map((row) => ({ positionals: row.command, data: row.success ? asData(row.result) : undefined }))
      : outcome.kind === "single"
        ? [{ positionals, data: asData(outcome.data) }]
        : []
  let page: LastPage | null | undefined = undefined
  for (const step of steps) {
    const line = parseCommandLine(step.positionals)
    const named = step.data !== undefined ? pageIn(line.command, step.data) : undefined
    const known: LastPage | undefined = page === undefined ? previous : (page ?? undefined)
    if (named !== undefined) page = named.title === undefined && known?.url === named.url ? known : named
    else if (mayNavigate(line) || (changesPage(line.command) && !isTabList(step.positionals))) page = null
  }
  return page
}

/** Whether `now` is news against the page known before the call (an unknown title is not a change). */
export const pageChanged = (before: LastPage | undefined, now: LastPage): boolean =>
  before === undefined ||
  before.url !== now.url ||
  (before.title !== undefined && now.title !== undefined && before.title !== now.title)
