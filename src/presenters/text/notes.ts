/**
 * The lines a result adds after its body: where the page went, what was approved, recovered, verified, warned about,
 * configured or written. Each fact is stated once, here, from what the program recorded; nothing edits presented
 * text afterwards. A call with none of these facts does not enter this file (result/resultText.ts, `hasNotes`, lists
 * them: a new fact here goes there too). Pure.
 */
import type { Executed, Navigation } from "../../domain/Executed.js"
import type { VerifiedArtifacts } from "../../schema/Artifacts.js"
import type { LastPage } from "../../domain/PageFacts.js"
import { pageChanged } from "../../session/sessionTransitions.js"
import { loadsState } from "../../upstream/commandEffects.js"
import { page, type Parts } from "./contentBoundary.js"

/** A read that ran in a tab the page opened (upstream followed it), not on the session's page. */
const ranElsewhereLine = ({ url, sessionPage }: NonNullable<Executed["ranInOpenedTab"]>): string =>
  `This ran in another tab, ${url}: the page opened it since the last command, and agent-browser follows a new ` +
  `tab. This session's page, ${sessionPage}, is still open in its own tab (tab list shows both).`

/**
 * `#/active`: the new address's hash when nothing before it changed (a hash router's link), said instead of the whole
 * address again; undefined otherwise.
 */
const hashOnly = (before: string | undefined, after: string): string | undefined => {
  const cut = (url: string) => {
    const at = url.indexOf("#")
    return at < 0 ? { base: url, hash: "" } : { base: url.slice(0, at), hash: url.slice(at) }
  }
  if (before === undefined) return undefined
  const was = cut(before)
  const now = cut(after)
  return was.base === now.base && now.hash.length > 1 && now.hash !== was.hash ? now.hash : undefined
}

/** A title read as page content, none read as the tool's "(untitled)"; nothing when it was not read. */
const titled = (title: string | undefined, rest: string): Parts =>
  title === undefined ? [rest.replace(/^ — /, "")] : [title !== "" ? page(title) : "(untitled)", rest]

/** `Page: <title> — <url>`: where the page went (a hash router's link: only its new hash); no title when not read. */
export const pageLine = (before: Pick<LastPage, "url"> | undefined, now: LastPage): Parts => {
  const hash = hashOnly(before?.url, now.url)
  return ["Page: ", ...titled(now.title, ` — ${hash !== undefined ? `same URL, hash now ${hash}` : now.url}`)]
}

/** A tab the clicked page opened and upstream followed: the tab commands act on now, its page, the clicked one. */
export const openedTabLines = (
  opened: { readonly tabId: string; readonly from: string },
  now: LastPage
): ReadonlyArray<Parts> => [
  [`New tab ${opened.tabId} (the page opened it; commands now act on it): `, ...titled(now.title, ` — ${now.url}`)],
  [`The clicked page stays in tab ${opened.from} (tab ${opened.from} goes back to it).`]
]

/** A tab the page opened (followed now) or closed (its own): the tab commands act on now, and its page. */
const tabLines = (executed: Executed, now: Navigation): ReadonlyArray<string | Parts> | undefined => {
  const title = titled(now.title, ` — ${now.url}`)
  if (executed.openedTab !== undefined) return openedTabLines(executed.openedTab, now)
  const closed = executed.closedTab
  if (closed === undefined) return undefined
  return [[`The page closed its own tab; commands now act on tab ${closed.now}: `, ...title]]
}

/** Each note is one line of the tool's; only the new page's title in the `Page:` line is the page's. */
export const notesOf = (executed: Executed, shownFlags: ReadonlyArray<string>): ReadonlyArray<Parts> => {
  const lines: Array<string | Parts> = []
  const {
    navigation,
    previousPage,
    tabCorrection,
    verified,
    routeDiagnostics,
    browserDefaults,
    outputFile,
    replacedCloseFailure
  } = executed
  const resolved = executed.plan.resolvedFind
  const tabbed = navigation !== undefined ? tabLines(executed, navigation) : undefined
  if (resolved !== undefined) {
    const skipped =
      resolved.skipped.length > 0
        ? ` (a pointer cannot reach ${resolved.skipped.join(", ")} of that role and name)`
        : ""
    lines.push([
      `Resolved role ${resolved.role} `,
      page(JSON.stringify(resolved.name)),
      ` to ${resolved.ref} with a fresh snapshot -i${skipped}; refs are now that snapshot's.`
    ])
  }
  if (navigation !== undefined && loadsState(executed.plan.line)) lines.push(...stateLoadNote(previousPage, navigation))
  else if (tabbed !== undefined) lines.push(...tabbed)
  else if (navigation !== undefined && pageChanged(previousPage, navigation))
    lines.push(pageLine(previousPage, navigation))
  if (executed.ranInOpenedTab !== undefined) lines.push(ranElsewhereLine(executed.ranInOpenedTab))
  if (executed.pageMovedOn !== undefined)
    lines.push(`Since the last command the page moved on by itself to ${executed.pageMovedOn}.`)
  if (tabCorrection?.reason === "focus-stolen") {
    const by =
      tabCorrection.stolenBy !== undefined
        ? `tab ${tabCorrection.stolenBy} (${tabCorrection.from})`
        : tabCorrection.from
    lines.push(
      `Tab recovery: ${by} took the focus during this command; re-selected ${tabCorrection.reselected}, the ` +
        "tab it ran on (refs from before are void: snapshot -i)." +
        `${tabCorrection.stolenBy !== undefined ? ` To use the other tab: tab ${tabCorrection.stolenBy}.` : ""}`
    )
  } else if (tabCorrection !== undefined)
    lines.push(
      `Tab recovery: the active tab was ${tabCorrection.from}; re-selected ${tabCorrection.reselected}, which ` +
        `shows ${tabCorrection.reason === "focus-lost" ? "the page this session was on" : "the opened page"}.`
    )
  for (const row of verified.rows) {
    if (row.state === "pending") lines.push(`Recording to ${row.path} (pending until record stop).`)
    else if (row.state === "unverified")
      lines.push(`Unverified ${row.kind}: ${row.limitation ?? "could not be checked"}.`)
    else if (row.limitation !== undefined) lines.push(`Note: ${row.limitation}.`)
  }
  const image = imageLine(verified)
  if (image !== undefined) lines.push(image)
  for (const warning of verified.warnings)
    lines.push(warning.startsWith("Recording dependency warning") ? warning : `Warning: ${warning}`)
  if (routeDiagnostics !== undefined && routeDiagnostics.length > 0) {
    const patterns = [...new Set(routeDiagnostics.map((d) => d.routePattern))]
    lines.push(
      `Network route diagnostics: ${routeDiagnostics.length} failed/pending request(s) match active network ` +
        `route ${patterns.join(", ")}; check the mock (body, CORS) before the app.`
    )
  }
  if (browserDefaults !== undefined) {
    const sources = browserDefaults.sources.join(", ")
    lines.push(`Launched with configured browser defaults (${sources}): ${shownFlags.join(" ")}.`)
  }
  if (replacedCloseFailure !== undefined)
    lines.push(
      `Warning: the replaced browser ${replacedCloseFailure.session} could not be closed (` +
        `${replacedCloseFailure.message}); pi closes it at quit.`
    )
  if (outputFile?.status === "saved") lines.push(`Output file: ${outputFile.absolutePath}`)
  return lines.map((line) => (typeof line === "string" ? [line] : line))
}

const px = (s: { readonly width: number; readonly height: number }): string => `${s.width}×${s.height}`

/** A screenshot the browser converted, scaled for the inline view, or did not show: both sizes, and why. */
const imageLine = (verified: VerifiedArtifacts): string | undefined => {
  const facts = verified.image ?? verified.inlineImage
  if (facts?.width === undefined || facts.height === undefined) return undefined
  const size = { width: facts.width, height: facts.height }
  const c = facts.converted
  const converted =
    c === undefined
      ? ""
      : c.css
        ? ` (--scale css: agent-browser's ${px({ width: c.sourceWidth, height: c.sourceHeight })} device pixels at ` +
          `devicePixelRatio ${c.devicePixelRatio}, converted by the browser to CSS pixels, ${c.to})`
        : ` (agent-browser wrote ${c.from}; the browser converted it to ${c.to})`
  const head = `Image: ${px(size)} px${converted}`
  const hidden = verified.inlineImage
  if (hidden !== undefined) return `${head}; not shown inline: ${hidden.notShown}. Read the file at ${hidden.path}.`
  const shown = verified.image?.shown
  if (shown !== undefined) return `${head}; shown here scaled to ${px(shown)}, the file keeps the full size.`
  return converted !== "" ? `${head}.` : undefined
}

/**
 * `state load` opens each origin of the file in the tab to write its storage: where the tab is now, read after it,
 * and that the page changed (its refs are void), with the way back; or that it is still on its page.
 */
const stateLoadNote = (before: LastPage | undefined, now: LastPage): ReadonlyArray<Parts> => {
  const title = now.title !== undefined && now.title !== "" ? [" (", page(now.title), ")"] : []
  if (!pageChanged(before, now)) return [[`The tab is still on ${now.url}`, ...title, "."]]
  const back = before !== undefined ? `; it was on ${before.url} (open ${before.url} to go back)` : ""
  return [
    [
      `The page changed: loading the state moved the tab to ${now.url}`,
      ...title,
      `${back}. Refs from before are void (snapshot -i).`
    ]
  ]
}
