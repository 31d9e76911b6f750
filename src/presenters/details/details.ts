/**
 * The `details` fields, assembled from small pure parts: what ran (the echo: `echoArgvOf`, `echoFields`), what the
 * call did (executed facts), its steps. Why it failed is errorDetails.ts. PresenterLive adds only what needs a service
 * (the argv redacted, spill paths, manifest rows) and scrubs the whole object once at the end.
 */

import type { CompiledBatch } from "../../domain/Compiled.js"
import type { Executed } from "../../domain/Executed.js"
import type { StepRow } from "../../domain/Outcome.js"
import type { Plan } from "../../domain/Plan.js"
import { stepCommandShown } from "../../page/typeReadback.js"
import { batchSteps } from "../../redaction/batchSecrets.js"
import type { VerificationRow } from "../../schema/Artifacts.js"
import type { BatchStepDetails } from "../../schema/BatchStepDetails.js"
import type { NextAction } from "../../schema/NextAction.js"
import { refSnapshotDetailsOf } from "../../schema/RefSnapshotDetails.js"
import type { ToolDetails } from "../../schema/ToolDetails.js"
import { categoryOf, type ToolError } from "../../schema/ToolError.js"
import { stepRunOf } from "../../session/planRun.js"
import { artifactRequest } from "../../upstream/artifactPaths.js"
import { globalFlagTokens, parseCommandLine } from "../../upstream/commandLine.js"
import { hasSubcommands } from "../../upstream/commandPolicy.js"
import { nextActions } from "../actions/nextActions.js"
import type { Body } from "../text/body.js"
import { lookupCompiledEcho, lookupDetails } from "../text/lookupText.js"
import type { SnapshotDiff } from "../text/snapshotPresentation.js"
import { type ArtifactContext, artifactRow, summarize } from "./artifactSummary.js"

export type Fields = Partial<{ -readonly [K in keyof ToolDetails]: ToolDetails[K] }>
export type RedactArgs = (args: ReadonlyArray<string>) => ReadonlyArray<string>

export const optional = <K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } =>
  (value === undefined ? {} : { [key]: value }) as { [P in K]?: V }

/** Rows of a compiled job shown in details; the count is always complete. */
const COMPILED_ROWS_SHOWN = 40
/** Diff entries kept per side in details; the text shows its own. */
const DIFF_ROWS_SHOWN = 30
/** Ref ids kept per list of the contract's delta (the summary counts them all). */
const DIFF_IDS_SHOWN = 100

const boundedDiff = (d: SnapshotDiff): SnapshotDiff => ({
  ...d,
  addedRefs: d.addedRefs.slice(0, DIFF_IDS_SHOWN),
  removedRefs: d.removedRefs.slice(0, DIFF_IDS_SHOWN),
  changedRefs: d.changedRefs.slice(0, DIFF_IDS_SHOWN),
  unchangedRefs: d.unchangedRefs.slice(0, DIFF_IDS_SHOWN),
  added: d.added.slice(0, DIFF_ROWS_SHOWN),
  removed: d.removed.slice(0, DIFF_ROWS_SHOWN)
})

/**
 * A compiled job/qa batch as the contract echoes it: `{ args, failFast, stdin, steps: [{ action, args }] }`, every
 * row redacted (stdin too); a job row's `action` is the job's own step kind (`assertText`, not the `wait` it runs).
 * `rowCount` is additive: steps stop at COMPILED_ROWS_SHOWN, the count is complete.
 */
export const compiledBatchEcho = (batch: CompiledBatch, redact: RedactArgs) => {
  const rows = batch.rows.map(redact)
  return {
    args: batch.args,
    failFast: batch.args.includes("--bail"),
    stdin: JSON.stringify(rows),
    steps: rows
      .slice(0, COMPILED_ROWS_SHOWN)
      .map((args, i) => ({ action: batch.rowActions?.[i] ?? args[0] ?? "", args })),
    rowCount: rows.length
  }
}

/** What a higher-level input mode compiled to, redacted (never the typed text of password fields). */
export const compiledEcho = (plan: Plan, redact: RedactArgs): Fields => {
  const c = plan.compiled
  if (c.mode === "semanticAction") {
    const executed = c.semanticAction.executedArgs
    const args = redact(c.semanticAction.args)
    const ran = executed !== undefined ? { executedArgs: redact(executed) } : {}
    return { compiledSemanticAction: { ...c.semanticAction, args, ...ran } }
  }
  if (c.mode === "job") return { compiledJob: compiledBatchEcho(c.job, redact) }
  if (c.mode === "qa")
    return { compiledQaPreset: { ...compiledBatchEcho(c.qa, redact), loadState: c.qa.loadState, checks: c.qa.checks } }
  return c.mode === "sourceLookup" || c.mode === "networkSourceLookup" ? lookupCompiledEcho(plan, redact) : {}
}

/** The argv a call's echo redacts, and a raw batch's steps, whose secrets are learned before anything is echoed. */
export interface EchoArgv {
  readonly args: ReadonlyArray<string>
  /** A call run one process per step echoes the argv every step shares. */
  readonly effectiveArgs: ReadonlyArray<string>
  readonly steps: ReadonlyArray<ReadonlyArray<string>> | undefined
}

export const echoArgvOf = (plan: Plan | undefined, args: ReadonlyArray<string>): EchoArgv => ({
  args: plan?.args ?? args,
  effectiveArgs:
    plan !== undefined && stepRunOf(plan) !== undefined
      ? globalFlagTokens(parseCommandLine(plan.effectiveArgs))
      : (plan?.effectiveArgs ?? []),
  steps: plan?.line.command === "batch" ? batchSteps(plan).map(stepCommandShown) : undefined
})

/**
 * The echo in `details`: the argv as given and as run (`echoed`: redacted by the Redactor, which learns the secrets
 * they hold), whether it ran step by step, the command, the session, and what an input mode compiled to.
 */
export const echoFields = (
  plan: Plan | undefined,
  echoed: Pick<EchoArgv, "args" | "effectiveArgs">,
  redact: RedactArgs
) => ({
  args: echoed.args,
  effectiveArgs: echoed.effectiveArgs,
  ...(plan !== undefined && stepRunOf(plan) !== undefined ? { execution: "one upstream call per step" as const } : {}),
  ...optional("command", plan?.line.command),
  ...optional("subcommand", plan !== undefined && hasSubcommands(plan.line) ? (plan.line.subcommand ?? "") : undefined),
  ...optional("sessionName", plan?.sessionName),
  ...(plan?.usedImplicitSession === true
    ? { usedImplicitSession: true }
    : plan?.sessionRole === "explicit"
      ? { usedImplicitSession: false }
      : {}),
  ...(plan !== undefined ? compiledEcho(plan, redact) : {})
})

/** Keeps persisted details small: data above the budget is replaced by its size (the spill file has it). */
export const budgetData = (data: unknown): Fields => {
  if (data === undefined || data === null) return {}
  const json = JSON.stringify(data)
  if (json === undefined) return {}
  const bytes = byteLength(json)
  return bytes <= DETAILS_DATA_BYTES
    ? { data }
    : { dataOmitted: { bytes, reason: "larger than the details budget; see fullOutputPath" } }
}

/** The file a successful step saved, as it reported it or as its argv asked (absolute after planning). */
const stepFile = (row: StepRow): string | undefined => {
  if (!row.success) return undefined
  const line = parseCommandLine(row.command)
  const request = artifactRequest(line)
  if (request === undefined || request.pending) return undefined
  const result = row.result !== null && typeof row.result === "object" ? (row.result as Record<string, unknown>) : {}
  const claimed = [result["path"], result["outputPath"], result["diffPath"]].find(
    (v): v is string => typeof v === "string" && v !== ""
  )
  return claimed ?? (request.pathIndex !== undefined ? line.positionals[request.pathIndex] : undefined)
}

/** The failed step's index and the call's recovery: that row's own `nextActions` (the same as the top-level ones). */
export interface StepRecovery {
  readonly index: number
  readonly nextActions: ReadonlyArray<NextAction>
}

/**
 * Every step of a batch/job/qa run, each with the category its own reply was classified as, the file it saved
 * (its artifact row and verification) and its own next actions.
 */
export const stepDetails = (
  rows: ReadonlyArray<StepRow>,
  redact: RedactArgs,
  files: ReadonlyArray<VerificationRow> = [],
  context: ArtifactContext = {},
  recovery?: StepRecovery
): ReadonlyArray<BatchStepDetails> =>
  rows.map((row, index) => {
    const file = stepFile(row)
    const checked = file !== undefined ? files.find((f) => f.path === file || f.requestedPath === file) : undefined
    const followUps =
      checked?.state === "verified"
        ? [nextActions.useSavedArtifact(checked.path)]
        : checked?.state === "missing"
          ? [nextActions.verifyArtifactPath(checked.path)]
          : []
    const actions = recovery?.index === index ? recovery.nextActions : row.success ? followUps : []
    return {
      index,
      command: redact(stepCommandShown(row.command)),
      resultCategory: row.success ? "success" : "failure",
      ...(row.success
        ? {
            successCategory:
              checked?.state === "verified"
                ? "artifact-saved"
                : checked?.state === "unverified"
                  ? "artifact-unverified"
                  : "completed",
            ...(checked !== undefined
              ? {
                  artifactPaths: [checked.path],
                  artifacts: [artifactRow(checked, context)],
                  artifactVerification: summarize([checked], context)
                }
              : {})
          }
        : { failureCategory: categoryOf(row.error), error: row.error.message }),
      ...(actions.length > 0 ? { nextActions: actions } : {})
    }
  })

/** The first failed step, when the call's error is that step's error. */
export const failedStep = (executed: Executed | undefined, error: ToolError | undefined) => {
  if (executed?.outcome.kind !== "batch" || error === undefined) return undefined
  const index = executed.outcome.rows.findIndex((row) => !row.success && row.error === error)
  return index < 0 ? undefined : { index, row: executed.outcome.rows[index]! }
}

/** Facts of a call that ran, whether it then succeeded or failed. */
export const executedDetails = (
  executed: Executed,
  body: Body,
  redact: RedactArgs,
  recovery?: StepRecovery
): Fields => {
  const { outcome, verified } = executed
  const snapshot = body.snapshot
  const rows = verified.rows
  const context = { cwd: executed.plan.cwd, session: executed.plan.sessionName }
  return {
    ...(outcome.kind === "inspection"
      ? { inspection: true as const, stdout: headBytes(outcome.stdout, DETAILS_DATA_BYTES) }
      : budgetData(body.data)),
    ...(outcome.kind === "single" && outcome.warning !== undefined ? { warning: outcome.warning } : {}),
    ...optional("snapshotCompaction", snapshot?.compaction),
    ...optional("snapshotFilter", snapshot?.snapshotFilter),
    ...optional("snapshotDiff", snapshot?.snapshotDiff === undefined ? undefined : boundedDiff(snapshot.snapshotDiff)),
    ...optional("snapshotViewport", snapshot?.snapshotViewport),
    ...optional("approval", executed.approval),
    ...optional("tabCorrection", executed.tabCorrection),
    ...optional("openedTab", executed.openedTab),
    ...optional(
      "refSnapshot",
      executed.refSnapshot === undefined ? undefined : refSnapshotDetailsOf(executed.refSnapshot)
    ),
    ...optional("networkRouteDiagnostics", executed.routeDiagnostics),
    ...optional("qaPreset", executed.qa),
    ...(executed.lookup !== undefined || executed.networkRequestsPageFilter !== undefined
      ? lookupDetails(executed)
      : {}),
    ...optional("navigationSummary", executed.navigation),
    // artifactVerification (these rows and the call's spill files) is added by the presenter, which writes the spills
    ...(rows.length > 0 ? { artifacts: rows.map((r) => artifactRow(r, context)) } : {}),
    ...(verified.savedFile !== undefined
      ? { savedFile: verified.savedFile, savedFilePath: verified.savedFile.path }
      : {}),
    ...(verified.warnings.length > 0 ? { warnings: verified.warnings } : {}),
    ...optional("recordingDependencyWarning", verified.recordingDependencyWarning),
    ...optional("imagePath", verified.image?.path),
    ...optional(
      "imagePaths",
      verified.imagePaths ?? (verified.image !== undefined ? [verified.image.path] : undefined)
    ),
    ...(outcome.kind === "batch" ? { batchSteps: stepDetails(outcome.rows, redact, rows, context, recovery) } : {}),
    ...(executed.browserDefaults !== undefined
      ? {
          browserDefaults: { flags: redact(executed.browserDefaults.flags), sources: executed.browserDefaults.sources }
        }
      : {}),
    ...optional("outputFile", executed.outputFile),
    binary: executed.binary,
    durationMs: executed.durationMs
  }
}

/** Byte budgets for what the model reads and what pi persists. Each has its reason. */

/** Largest inline text result: keeps one call well under pi's 50 KB tool-output cap and the model's attention. */
export const INLINE_TEXT_BYTES = 16 * 1024
/** Head kept inline when a result spills: enough to act on, with the full text one read away. */
export const PREVIEW_TEXT_BYTES = 12 * 1024
/** Largest `details.data` persisted per call: pi stores details in the session file on every call. */
export const DETAILS_DATA_BYTES = 4 * 1024
/** Largest screenshot attached inline (raw bytes; base64 adds a third). Bigger images are reported by path. */
export const INLINE_IMAGE_BYTES = 2 * 1024 * 1024
/** stderr kept in details. */
export const DETAILS_STDERR_BYTES = 2 * 1024

export const byteLength = (s: string): number => Buffer.byteLength(s, "utf8")

/** Cuts `text` to at most `max` UTF-8 bytes at a line boundary when one is near. */
export const headBytes = (text: string, max: number): string => {
  const buf = Buffer.from(text, "utf8")
  if (buf.length <= max) return text
  let cut = buf
    .subarray(0, max)
    .toString("utf8")
    .replace(/\uFFFD$/, "")
  const nl = cut.lastIndexOf("\n")
  if (nl > max * 0.8) cut = cut.slice(0, nl)
  return cut
}
