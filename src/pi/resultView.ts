/**
 * What the person supervising pi reads about one agent_browser result: a headline in their words (what happened, the
 * page it went to, the file it saved), for a failure what went wrong and the first next step, and on expansion the
 * whole result. Built from `details` (the facts) and the call's params (what the model wrote); display only, the
 * model's text is never touched. Category ids are the model's vocabulary; here they become words.
 */
import type { FailureCategory } from "../schema/Categories.js"
import type { ToolDetails } from "../schema/ToolDetails.js"
import type { NextAction } from "../schema/NextAction.js"

/** The part of pi's Theme the renderers use. */
export interface RenderTheme {
  readonly fg: (
    color: "accent" | "success" | "error" | "warning" | "muted" | "dim" | "toolTitle" | "toolOutput",
    text: string
  ) => string
  readonly bold: (text: string) => string
}

export interface ResultLike {
  readonly content: ReadonlyArray<{ readonly type: string; readonly text?: string }>
  readonly details?: unknown
}

export interface ViewOptions {
  readonly expanded: boolean
  readonly isPartial: boolean
  /** The call's params (pi's render context `args`): how the model wrote the call. */
  readonly params?: Record<string, unknown> | undefined
  /** pi's expand hint (`ctrl+o to expand` with the person's own key binding), already styled. */
  readonly expandHint?: string
}

/** Each failure category in a person's words. */
export const FAILURE_WORDS: Record<FailureCategory, string> = {
  aborted: "Cancelled",
  "artifact-missing": "File not saved",
  "cleanup-failed": "Cleanup did not finish",
  "confirmation-required": "Needs your approval",
  "download-not-verified": "Download not verified",
  "missing-binary": "agent-browser not available",
  "parse-failure": "Unreadable browser output",
  "policy-blocked": "Blocked by the security policy",
  "qa-failure": "QA failed",
  "selector-not-found": "Element not found",
  "selector-unsupported": "Selector not supported",
  "stale-ref": "Outdated element reference",
  "tab-drift": "Wrong tab",
  timeout: "Timed out",
  "upstream-error": "Browser error",
  "validation-error": "Invalid call"
}

const firstLine = (text: string | undefined): string =>
  (text ?? "")
    .split("\n")
    .find((l) => l.trim() !== "")
    ?.trim() ?? ""
const shorten = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text)
const textOf = (result: ResultLike): string =>
  result.content
    .filter((c) => c.type === "text")
    .map((c) => c.text ?? "")
    .join("\n")
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? "" : "s"}`

/** A next action's argv as the person would type it: without the session prefix the tool adds. */
const actionArgs = (action: NextAction): ReadonlyArray<string> | undefined => {
  const args = action.params?.args
  if (args === undefined) return undefined
  const at = args.indexOf("--session")
  return at >= 0 ? [...args.slice(0, at), ...args.slice(at + 2)] : args
}

/** The next action starts a fresh session (new launch flags). */
const isFresh = (params: NextAction["params"]): boolean =>
  params !== undefined && "sessionMode" in params && params.sessionMode === "fresh"

const quoteArg = (s: string): string => (/[\s"]/.test(s) ? JSON.stringify(s) : s)

/** `Next: <why> (agent_browser <args>)`, or where a saved file is to be read. */
export const nextStepLine = (action: NextAction | undefined): string | undefined => {
  if (action === undefined) return undefined
  const args = actionArgs(action)
  const params = action.params
  const how =
    args !== undefined && args.length > 0
      ? ` → agent_browser ${args.map(quoteArg).join(" ")}${isFresh(params) ? " (fresh session)" : ""}`
      : action.artifactPath !== undefined
        ? ` → ${action.artifactPath}`
        : params !== undefined && "electron" in params
          ? " → agent_browser electron"
          : params !== undefined && "networkSourceLookup" in params
            ? " → agent_browser networkSourceLookup"
            : ""
  return `Next: ${action.reason}${how}`
}

const jobSteps = (params: Record<string, unknown> | undefined): ReadonlyArray<Record<string, unknown>> | undefined => {
  const job = params?.["job"] as { steps?: unknown } | undefined
  return Array.isArray(job?.steps) ? (job.steps as ReadonlyArray<Record<string, unknown>>) : undefined
}

/** A job's count, with the steps that never ran: `stopped at step 2 of 3 (click): …; 1 step not run`. */
const jobHeadline = (
  d: Partial<ToolDetails>,
  steps: ReadonlyArray<Record<string, unknown>>,
  failed: boolean
): string => {
  const rows = d.batchSteps ?? []
  const total = Math.max(steps.length, rows.length)
  if (!failed) return `job done: ${plural(total, "step")}`
  const at = d.batchFailure?.failedStep.index ?? rows.findIndex((r) => r.resultCategory === "failure")
  if (at < 0) return `job failed after ${rows.length} of ${plural(total, "step")}`
  const action = String(steps[at]?.["action"] ?? d.batchFailure?.failedStep.command[0] ?? "step")
  const notRun = total - at - 1
  const skipped = notRun > 0 ? `; ${plural(notRun, "step")} not run` : ""
  return `job stopped at step ${at + 1} of ${total} (${action})${skipped}`
}

/** Where the call left the page, when it went somewhere: `Title — url`. */
const destination = (d: Partial<ToolDetails>): string | undefined => {
  const data = d.data as { readonly title?: unknown; readonly url?: unknown } | null | undefined
  const opened =
    d.command === "open" && typeof data?.url === "string"
      ? { title: typeof data.title === "string" ? data.title : "", url: data.url }
      : undefined
  const nav = d.navigationSummary ?? opened
  if (nav === undefined) return undefined
  return nav.title !== undefined && nav.title.trim() !== "" ? `${nav.title.trim()} — ${nav.url}` : nav.url
}

/** The headline of a success, in words: what happened and where the page is now. */
const successHeadline = (
  d: Partial<ToolDetails>,
  text: string,
  params: Record<string, unknown> | undefined
): string => {
  const steps = jobSteps(params)
  const where = destination(d)
  if (steps !== undefined) return `${jobHeadline(d, steps, false)}${where !== undefined ? ` → ${where}` : ""}`
  const summary = d.summary !== undefined && d.summary !== "" ? d.summary : firstLine(text)
  if (where === undefined) return summary
  if (d.command === "open") return `Opened ${where}`
  return `${summary} → ${where}`
}

/** The headline of a failure: what went wrong, in words, with the tool's own sentence. */
const failureHeadline = (
  d: Partial<ToolDetails>,
  text: string,
  params: Record<string, unknown> | undefined
): string => {
  const words = d.failureCategory !== undefined ? FAILURE_WORDS[d.failureCategory] : "Failed"
  const said = firstLine(d.error ?? d.validationError ?? d.summary ?? text.replace(/^Failed \([a-z-]+\): /, ""))
  const steps = jobSteps(params)
  // upstream's own sentence may already start with the same words ("Element not found: #x")
  const what =
    said === ""
      ? words
      : said.toLowerCase().startsWith(words.toLowerCase())
        ? shorten(said, 400)
        : `${words}: ${shorten(said, 400)}`
  return steps !== undefined ? `${jobHeadline(d, steps, true)}: ${what}` : what
}

/** The result as the person reads it; the component wraps it to the terminal's width. */
export const resultView = (result: ResultLike, options: ViewOptions, theme: RenderTheme): string => {
  const text = textOf(result)
  if (options.isPartial) return theme.fg("dim", firstLine(text))
  const d = (result.details ?? {}) as Partial<ToolDetails>
  const images = result.content.filter((c) => c.type === "image").length
  const failed = d.resultCategory === "failure"
  const imageCount = images > 0 ? theme.fg("muted", ` [${plural(images, "image")}]`) : ""
  const head = failed
    ? theme.fg("error", `✗ ${failureHeadline(d, text, options.params)}`)
    : `${theme.fg("success", "✓")} ${successHeadline(d, text, options.params)}${imageCount}`
  const next = failed ? nextStepLine(d.nextActions?.[0]) : undefined
  if (options.expanded) {
    return [head, ...text.split("\n").map((l) => theme.fg("toolOutput", l))].join("\n")
  }
  const hint =
    options.expandHint !== undefined && text.trim() !== ""
      ? ` ${theme.fg("muted", "(")}${options.expandHint}${theme.fg("muted", ")")}`
      : ""
  return [head, ...(next !== undefined ? [theme.fg("warning", next)] : [])].join("\n") + hint
}
