/**
 * The body of a result, before notes, redaction and budgets: the snapshot view, the per-command text, the caller's
 * JSON, or the QA verdict; plus the data persisted in details, and where its page content came from (`originOf`).
 * Session-state values (cookies, credential-like storage) are removed here, for single calls and for every
 * batch/job/qa step alike. Pure.
 */
import type { Executed } from "../../domain/Executed.js"
import { stepRowJson, type UpstreamOutcome } from "../../domain/Outcome.js"
import { redactStateData } from "../../redaction/redactStructured.js"
import { formatSuccess, upstreamWarning } from "./formatSuccess.js"
import { page, type Parts, plain } from "./contentBoundary.js"
import { withLookupParts } from "./lookupText.js"
import { type Formatted, partsOf, stripLifecycle } from "./contentBoundary.js"
import { presentSnapshotWith } from "./presentSnapshot.js"
import type { SnapshotPresentation } from "./snapshotPresentation.js"
import { qaText } from "./qaText.js"
import { diffScreenshotText } from "./diffImageText.js"

const asRecord = (v: unknown): Readonly<Record<string, unknown>> =>
  v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {}

export interface Body extends Formatted {
  /** The text as the tool's words and page content: the Presenter marks the page content when the policy asks. */
  readonly parts: Parts
  /** Upstream data for details (lifecycle stripped, state values redacted), before the details budget. */
  readonly data: unknown
  readonly snapshot?: SnapshotPresentation
}

/** The commands whose output holds session state (redactStructured.ts): no other command's data is read for it. */
const HOLDS_STATE: ReadonlySet<string | undefined> = new Set(["cookies", "state", "storage"])

/** A command's data with its session-state values redacted, when the command returns session state. */
const withoutState = (command: string | undefined, data: unknown): unknown =>
  HOLDS_STATE.has(command) ? redactStateData(command, data) : data

/** The outcome with session-state values redacted in every place they can appear. */
export const withoutStateValues = (outcome: UpstreamOutcome): UpstreamOutcome => {
  if (outcome.kind === "inspection") return outcome
  if (outcome.kind === "single") return outcome
  return {
    kind: "batch",
    rows: outcome.rows.map((row) => (row.success ? { ...row, result: withoutState(row.command[0], row.result) } : row))
  }
}

/** Getters whose value says where it came from already, or is not page data. */
const PLACE_IN_VALUE = new Set(["url", "cdp-url", "box", "styles"])

/**
 * A value `get …` or `eval` read, then where it was read (the contract's lightweight origin context): the origin of
 * the session's page, when known and not opaque. The value stays first.
 */
const readFrom = (executed: Executed): string => {
  const { line } = executed.plan
  const reads = line.command === "eval" || (line.command === "get" && !PLACE_IN_VALUE.has(line.positionals[1] ?? ""))
  const url = executed.previousPage?.url
  if (!reads || executed.outcome.kind !== "single" || url === undefined) return ""
  try {
    const origin = new URL(url).origin
    return origin === "null" ? "" : `\n(from ${origin})`
  } catch {
    return ""
  }
}

export const bodyOf = (executed: Executed): Body => {
  const { plan } = executed
  const raw = withoutStateValues(executed.outcome)
  const outcome = raw.kind === "single" ? { ...raw, data: withoutState(plan.line.command, raw.data) } : raw
  const snapshot =
    outcome.kind === "single" &&
    plan.line.command === "snapshot" &&
    outcome.data !== null &&
    typeof outcome.data === "object"
      ? presentSnapshotWith(plan.line.positionals, outcome.data as Record<string, unknown>, {
          options: plan.snapshotOptions,
          previousRefs: executed.previousRefs,
          viewport: executed.viewport,
          knownUrl: executed.previousPage?.url,
          naming: executed.snapshotNaming,
          shownBefore: executed.shownBefore
        })
      : undefined
  const diffRow = executed.verified.rows.find((r) => r.kind === "diff-image")
  const diffImage =
    outcome.kind === "single" && plan.line.command === "diff" && plan.line.positionals[1] === "screenshot"
      ? diffScreenshotText(asRecord(stripLifecycle(outcome.data)), diffRow, true)
      : undefined
  const formatted =
    snapshot ??
    diffImage ??
    formatSuccess(plan, outcome, executed.previousPage?.url, executed.shownBefore, executed.crashedTabs)
  const data =
    snapshot !== undefined
      ? snapshot.data
      : outcome.kind === "single"
        ? stripLifecycle(outcome.data)
        : outcome.kind === "batch"
          ? outcome.rows.map((row) => stepRowJson(row, stripLifecycle))
          : undefined
  // the caller's JSON is upstream's data about the page: all of it page content
  const parts: Parts =
    plan.callerRequestedJson && outcome.kind !== "inspection"
      ? [page(JSON.stringify(outcome.kind === "single" ? stripLifecycle(outcome.data) : data, null, 2))]
      : executed.qa !== undefined
        ? qaText(plan, executed.qa, executed.verified, outcome)
        : [
            ...(executed.lookup !== undefined || executed.networkRequestsPageFilter !== undefined
              ? withLookupParts(executed, partsOf(formatted))
              : partsOf(formatted)),
            ...(snapshot !== undefined ? upstreamWarning(outcome) : []),
            readFrom(executed)
          ]
  return {
    text: plain(parts),
    parts,
    summary: executed.lookup?.report.summary ?? formatted.summary,
    data,
    ...(snapshot !== undefined ? { snapshot } : {})
  }
}

/** Where the page content came from: the snapshot's origin, the page the call ended on or reported, or started on. */
export const originOf = (executed: Executed | undefined, snapshotOrigin: string | undefined): string | undefined => {
  const data = executed?.outcome.kind === "single" ? executed.outcome.data : undefined
  const reported =
    data !== null && typeof data === "object" && typeof (data as Record<string, unknown>)["url"] === "string"
      ? (data as Record<string, string>)["url"]
      : undefined
  return [snapshotOrigin, executed?.navigation?.url, reported, executed?.previousPage?.url].find(
    (u) => u !== undefined && u !== ""
  )
}
