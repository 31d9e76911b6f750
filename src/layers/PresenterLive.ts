/** PresenterLive: formatting + redaction + budgets + spill files + inline images. */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { formatFailure } from "../presenters/formatFailure.js"
import { formatSuccess, stripLifecycle } from "../presenters/formatSuccess.js"
import { presentSnapshotWith } from "../presenters/presentSnapshot.js"
import { pageChange } from "../presenters/pageChange.js"
import { byteLength, DETAILS_DATA_BYTES, DETAILS_STDERR_BYTES, headBytes, INLINE_TEXT_BYTES, PREVIEW_TEXT_BYTES } from "../presenters/budgets.js"
import { classifyErrorText } from "../upstream/classifyReply.js"
import { hasSubcommands, isClose } from "../upstream/commandPolicy.js"
import { summarize } from "../program/artifacts/verifyArtifacts.js"
import type { VerifiedArtifacts } from "../schema/Artifacts.js"
import type { QaVerdict } from "../schema/Qa.js"
import { redactStateData } from "../redaction/redactStructured.js"
import type { Plan } from "../schema/Plan.js"
import type { BatchStepDetails, ContentPart, ToolDetails } from "../schema/ToolDetails.js"
import { categoryOf } from "../schema/ToolError.js"
import { ArtifactStore } from "../services/ArtifactStore.js"
import { type CallFacts, Presenter } from "../services/Presenter.js"
import type { SpillOwner, SpillResult } from "../schema/Artifacts.js"
import { Redactor } from "../services/Redactor.js"
import { SessionRegistry } from "../services/SessionRegistry.js"

const optional = <K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } =>
  (value === undefined ? {} : { [key]: value }) as { [P in K]?: V }

/** A passing QA run reads as one summary; a failing one lists the failed checks, then the step lines. */
const qaText = (plan: Plan, qa: QaVerdict, verified: VerifiedArtifacts, stepsText: string): string => {
  const target = plan.compiled.mode === "qa" ? plan.compiled.qa.rows.find((r) => r[0] === "open")?.[1] ?? "the current page" : "the page"
  const shot = verified.rows.find((r) => r.kind === "screenshot")
  const checks = plan.compiled.mode === "qa" ? Object.entries(plan.compiled.qa.checks).filter(([, on]) => on).map(([k]) => k) : []
  if (qa.passed) {
    return `QA passed: ${target} (load ${plan.compiled.mode === "qa" ? plan.compiled.qa.loadState : "?"}${checks.length > 0 ? `; no ${checks.join("/")} problems` : ""})${shot !== undefined ? `\nScreenshot: ${shot.path} (${shot.state})` : ""}`
  }
  return `QA failed: ${target}\n${qa.failedChecks.map((c) => `- ${c}`).join("\n")}${qa.warnings.length > 0 ? `\n${qa.warnings.join("\n")}` : ""}\n\n${stepsText}`
}

/** Rows of a compiled job shown in details; the count is always complete. */
const COMPILED_ROWS_SHOWN = 40

/** What a higher-level input mode compiled to, redacted (never the typed text of password fields). */
const compiledEcho = (plan: Plan, redact: (args: ReadonlyArray<string>) => ReadonlyArray<string>) => {
  const c = plan.compiled
  if (c.mode === "semanticAction") return { compiledSemanticAction: { ...c.semanticAction, args: redact(c.semanticAction.args) } }
  if (c.mode === "job") return { compiledJob: { args: c.job.args, rowCount: c.job.rows.length, rows: c.job.rows.slice(0, COMPILED_ROWS_SHOWN).map(redact) } }
  if (c.mode === "qa") return { compiledQaPreset: { args: c.qa.args, loadState: c.qa.loadState, checks: c.qa.checks, rows: c.qa.rows.map(redact) } }
  return {}
}

/** Secrets inside a batch's stdin steps (a `fill` of a password field in step 3 is as secret as a direct one). */
const batchStepSecrets = (
  plan: Plan | undefined,
  redact: (args: ReadonlyArray<string>, lookup?: (ref: string) => string | undefined) => { readonly secrets: ReadonlyArray<string> },
  lookup: (ref: string) => string | undefined
): ReadonlyArray<string> => {
  if (plan?.line.command !== "batch" || plan.stdin === undefined) return []
  try {
    const steps = JSON.parse(plan.stdin) as unknown
    return Array.isArray(steps)
      ? steps.filter((s): s is Array<string> => Array.isArray(s) && s.every((t) => typeof t === "string")).flatMap((s) => redact(s, lookup).secrets)
      : []
  } catch {
    return []
  }
}

export const PresenterLive = Layer.effect(
  Presenter,
  Effect.gen(function*() {
    const redactor = yield* Redactor
    const artifacts = yield* ArtifactStore
    const registry = yield* SessionRegistry

    /** Echo fields shared by success and failure: args redacted with the session's known field names. */
    const echo = (plan: Plan | undefined, args: ReadonlyArray<string>, facts: CallFacts) =>
      Effect.gen(function*() {
        const snapshot = plan?.sessionName !== undefined ? yield* registry.refSnapshotOf(plan.sessionName) : undefined
        const lookup = (ref: string) => snapshot?.refs.get(ref)?.name
        const redactedArgs = redactor.redactArgs(plan?.args ?? args, lookup)
        const redactedEffective = redactor.redactArgs(plan?.effectiveArgs ?? [], lookup)
        const secrets = yield* redactor.remember([...facts.secrets, ...redactedArgs.secrets, ...redactedEffective.secrets, ...batchStepSecrets(plan, redactor.redactArgs, lookup)])
        return {
          secrets,
          base: {
            args: redactedArgs.args,
            effectiveArgs: redactedEffective.args,
            ...optional("command", plan?.line.command),
            ...optional("subcommand", plan !== undefined && hasSubcommands(plan.line) ? redactor.scrubText(plan.line.subcommand ?? "", secrets) : undefined),
            ...optional("sessionName", plan?.sessionName),
            ...(plan?.usedImplicitSession === true ? { usedImplicitSession: true } : {}),
            ...optional("managedSession", facts.managedSession),
            ...optional("binary", facts.binary),
            ...optional("durationMs", facts.durationMs),
            ...(plan !== undefined ? compiledEcho(plan, (args) => redactor.redactArgs(args, lookup).args) : {})
          }
        }
      })

    /** Applies the inline budget: oversized text is spilled in full and replaced by its head plus the path. */
    const budgetText = (text: string, label: string, owner: SpillOwner, spills: Array<SpillResult>) =>
      Effect.gen(function*() {
        const bytes = byteLength(text)
        if (bytes <= INLINE_TEXT_BYTES) return { text, fullOutputPath: undefined as string | undefined }
        const spilled = yield* artifacts.spill(label, text, owner, label)
        spills.push(spilled)
        const head = headBytes(text, PREVIEW_TEXT_BYTES)
        return {
          text: `${head}\n… [${bytes - byteLength(head)} more bytes not shown; full output (${bytes} bytes): ${spilled.path}]`,
          fullOutputPath: spilled.path
        }
      })

    /** After close: close does not delete saved files; which explicit files still exist. */
    const artifactCleanup = Effect.flatMap(artifacts.manifest, (entries) => {
      const explicit = [...new Set(entries.filter((e) => e.storageScope === "explicit-path").map((e) => e.path))]
      return Effect.map(Effect.forEach(explicit, (path) => artifacts.inspect(path)), (facts) =>
        entries.length === 0
          ? undefined
          : {
            owner: "host-file-tools" as const,
            note: "Closing the browser does not delete saved screenshots, downloads, PDFs, traces or recordings; remove them with file tools if needed.",
            explicitArtifactPaths: facts.filter((f) => f.exists).map((f) => f.path).slice(0, 10)
          })
    })

    /** Manifest rows this call added or changed, plus the retention line the model needs when files were evicted. */
    const manifestDelta = (spills: ReadonlyArray<SpillResult>, explicit: ReadonlyArray<string>) =>
      Effect.map(artifacts.manifest, (entries) => {
        const touched = new Set([...spills.flatMap((s) => [s.path, ...s.evicted]), ...explicit])
        const changed = entries.filter((e) => touched.has(e.path))
        const evicted = spills.flatMap((s) => s.evicted).length
        const counts = { live: 0, ephemeral: 0, missing: 0, evicted: 0 }
        for (const e of entries) counts[e.retentionState]++
        return {
          manifest: changed.length > 0 ? { entries: changed, window: entries.length, counts } : undefined,
          note: evicted > 0 ? `\nArtifacts: ${evicted} older spill file(s) evicted to keep this session within its budget; ${counts.live} live.` : ""
        }
      })

    /** Keeps persisted details small: data above the budget is replaced by its size (the spill file has it). */
    const budgetData = (data: unknown) => {
      if (data === undefined || data === null) return {}
      const json = JSON.stringify(data)
      if (json === undefined) return {}
      const bytes = byteLength(json)
      return bytes <= DETAILS_DATA_BYTES ? { data } : { dataOmitted: { bytes, reason: "larger than the details budget; see fullOutputPath" } }
    }

    return Presenter.of({
      success: (input) =>
        Effect.gen(function*() {
          const { plan } = input
          // session-state values (cookies, credential-like storage) never reach the formatter
          const outcome = input.outcome.kind === "single" ? { ...input.outcome, data: redactStateData(plan.line.command, input.outcome.data) } : input.outcome
          const { base, secrets } = yield* echo(plan, plan.args, input)
          const snapshot = outcome.kind === "single" && plan.line.command === "snapshot" && outcome.data !== null && typeof outcome.data === "object"
            ? presentSnapshotWith(plan.line.positionals, outcome.data as Record<string, unknown>, { options: plan.snapshotOptions, previousRefs: input.previousRefs, viewport: input.viewport })
            : undefined
          const formatted = snapshot ?? formatSuccess(plan, outcome)
          const rawData = snapshot !== undefined
            ? snapshot.data
            : outcome.kind === "single" ? stripLifecycle(outcome.data) : outcome.kind === "batch" ? outcome.rows.map((row) => ({ ...row, result: stripLifecycle(row.result) })) : undefined
          const data = redactor.scrubValue(rawData, secrets)
          let text = plan.callerRequestedJson && outcome.kind !== "inspection" ? JSON.stringify(redactor.scrubValue(stripLifecycle(outcome.kind === "single" ? outcome.data : data), secrets), null, 2) : formatted.text
          const spills: Array<SpillResult> = []
          if (input.qa !== undefined) text = qaText(plan, input.qa, input.verified, text)
          let snapshotSpill: string | undefined
          if (snapshot?.spill !== undefined && !plan.callerRequestedJson) {
            const spilled = yield* artifacts.spill("snapshot", redactor.scrubText(snapshot.spill, secrets), input.owner, "snapshot")
            spills.push(spilled)
            snapshotSpill = spilled.path
            text += `\n\nFull snapshot (${Buffer.byteLength(snapshot.spill, "utf8")} bytes): ${spilled.path}`
          }
          if (input.navigation !== undefined) text += `\nPage: ${input.navigation.title || "(untitled)"} — ${input.navigation.url}`
          if (input.approval !== undefined) text = `Approved by the user: ${input.approval.action}.\n${text}`
          if (input.tabCorrection !== undefined) text += `\nTab recovery: the active tab was ${input.tabCorrection.from}; re-selected ${input.tabCorrection.reselected}, which shows the opened page.`
          for (const row of input.verified.rows) {
            if (row.state === "pending") text += `\nRecording to ${row.path} (pending until record stop).`
            else if (row.state === "unverified") text += `\nUnverified ${row.kind}: ${row.limitation ?? "could not be checked"}.`
            else if (row.limitation !== undefined) text += `\nNote: ${row.limitation}.`
          }
          for (const warning of input.verified.warnings) text += `\nWarning: ${warning}`
          if (input.routeDiagnostics !== undefined && input.routeDiagnostics.length > 0) {
            const patterns = [...new Set(input.routeDiagnostics.map((d) => d.routePattern))]
            text += `\nRoute mocks: ${input.routeDiagnostics.length} failed/pending request(s) match active network route ${patterns.join(", ")}; check the mock (body, CORS) before the app.`
          }
          text = redactor.scrubText(text, secrets)
          const budget = yield* budgetText(text, `${plan.line.command ?? "output"}`, input.owner, spills)
          const rows = input.verified.rows
          const change = pageChange(plan, outcome, input.navigation, rows)
          const failedRow = input.batchFailure !== undefined && outcome.kind === "batch" ? outcome.rows[input.batchFailure.index] : undefined
          const delta = yield* manifestDelta(spills, rows.map((a) => a.path))
          const cleanup = isClose(plan.line) ? yield* artifactCleanup : undefined
          const qa = input.qa
          const qaFailed = qa !== undefined && !qa.passed
          const failure = input.batchFailure
          const batchSteps: ReadonlyArray<BatchStepDetails> | undefined = outcome.kind === "batch"
            ? outcome.rows.map((row, index) => ({
                index,
                command: redactor.redactArgs(row.command ?? []).args,
                resultCategory: row.success ? "success" : "failure",
                ...(row.success ? {} : {
                  failureCategory: categoryOf(classifyErrorText(row.error ?? "", { stderr: "", exitCode: 1 })),
                  error: redactor.scrubText(row.error ?? "", secrets)
                })
              }))
            : undefined
          const failureText = qa !== undefined
            ? ""
            : failure !== undefined ? `\nResult: step ${failure.index + 1} failed (${categoryOf(failure.error)}).` : ""
          const details: ToolDetails = {
            ...base,
            sessionMode: plan.sessionMode,
            resultCategory: failure !== undefined || qaFailed ? "failure" : "success",
            ...(qaFailed
              ? { failureCategory: "qa-failure" as const }
              : failure !== undefined
              ? { failureCategory: categoryOf(failure.error) }
              : { successCategory: outcome.kind === "inspection" ? "inspection" : rows.some((r) => r.state === "unverified") ? "artifact-unverified" : rows.some((r) => r.state === "verified") ? "artifact-saved" : "completed" }),
            summary: redactor.scrubText(formatted.summary, secrets),
            ...(outcome.kind === "inspection" ? { inspection: true as const, stdout: headBytes(redactor.scrubText(outcome.stdout, secrets), DETAILS_DATA_BYTES) } : budgetData(data)),
            ...(outcome.kind === "single" && outcome.warning !== undefined ? { warning: redactor.scrubText(outcome.warning, secrets) } : {}),
            ...optional("fullOutputPath", snapshotSpill ?? budget.fullOutputPath),
            ...optional("snapshotCompaction", snapshot?.compaction),
            ...optional("snapshotFilter", snapshot?.snapshotFilter),
            ...optional("snapshotDiff", snapshot?.snapshotDiff === undefined ? undefined : { ...snapshot.snapshotDiff, added: snapshot.snapshotDiff.added.slice(0, 30), removed: snapshot.snapshotDiff.removed.slice(0, 30) }),
            ...optional("snapshotViewport", snapshot?.snapshotViewport),
            ...optional("approval", input.approval),
            ...optional("tabCorrection", input.tabCorrection),
            ...optional("refSnapshot", input.refSnapshot),
            ...optional("networkRouteDiagnostics", input.routeDiagnostics),
            ...optional("qaPreset", qa),
            ...optional("pageChangeSummary", change.summary),
            ...(change.nextActions.length > 0 && failure === undefined && !qaFailed ? { nextActions: redactor.scrubValue(change.nextActions, secrets) } : {}),
            ...(failure !== undefined
              ? {
                batchFailure: {
                  failedStep: {
                    index: failure.index,
                    command: redactor.redactArgs(failedRow?.command ?? []).args,
                    failureCategory: categoryOf(failure.error),
                    error: redactor.scrubText(failedRow?.error ?? "", secrets)
                  }
                },
                nextActions: redactor.scrubValue(formatFailure(plan, failure.error).nextActions, secrets)
              }
              : {}),
            ...optional("navigationSummary", redactor.scrubValue(input.navigation, secrets)),
            ...(rows.length > 0
              ? {
                artifacts: redactor.scrubValue(rows.map((r) => ({ kind: r.kind, path: r.path, exists: r.exists, ...optional("sizeBytes", r.sizeBytes), ...optional("mediaType", r.mediaType) })), secrets),
                artifactVerification: redactor.scrubValue(summarize(rows), secrets)
              }
              : {}),
            ...(input.verified.savedFile !== undefined ? { savedFile: input.verified.savedFile, savedFilePath: input.verified.savedFile.path } : {}),
            ...(input.verified.warnings.length > 0 ? { warnings: input.verified.warnings } : {}),
            ...optional("artifactCleanup", cleanup),
            ...optional("imagePath", input.verified.image === undefined ? undefined : redactor.scrubText(input.verified.image.path, secrets)),
            ...optional("batchSteps", batchSteps),
            ...optional("artifactManifest", delta.manifest)
          }
          const content: Array<ContentPart> = [{ type: "text", text: budget.text + failureText + delta.note }]
          if (input.verified.image !== undefined) content.push({ type: "image", data: input.verified.image.data, mimeType: input.verified.image.mimeType })
          // Last line of defence: whatever a field above forgot, no remembered secret leaves in details.
          return { content, details: redactor.scrubValue(details, secrets), isError: failure !== undefined || qaFailed }
        }),

      failure: (input) =>
        Effect.gen(function*() {
          const { plan, error } = input
          const { base, secrets } = yield* echo(plan, input.args, input)
          const formatted = formatFailure(plan, error, input.args)
          const text = redactor.scrubText(`Failed (${categoryOf(error)}): ${formatted.text}`, secrets)
          const spills: Array<SpillResult> = []
          const budget = yield* budgetText(text, "error", input.owner, spills)
          const upstream = error._tag === "UpstreamFailed" ? error : undefined
          const stderr = upstream?.stderr ?? (error._tag === "ParseFailure" || error._tag === "TimedOut" ? error.stderr : undefined)
          const details: ToolDetails = {
            ...base,
            sessionMode: input.sessionMode,
            resultCategory: "failure",
            failureCategory: categoryOf(error),
            summary: redactor.scrubText(formatted.summary, secrets),
            ...(error._tag !== "InvalidInput" && error.message !== "" ? { error: redactor.scrubText(error.message, secrets) } : {}),
            ...(error._tag === "InvalidInput" ? { validationError: redactor.scrubText(error.message, secrets) } : {}),
            ...(error._tag === "InvalidInput" && error.sessionRecoveryHint !== undefined ? { sessionRecoveryHint: error.sessionRecoveryHint } : {}),
            ...(stderr !== undefined && stderr.trim() !== "" ? { stderr: headBytes(redactor.scrubText(stderr.trim(), secrets), DETAILS_STDERR_BYTES) } : {}),
            ...(upstream !== undefined ? { exitCode: upstream.exitCode, ...optional("code", upstream.code), ...budgetData(redactor.scrubValue(upstream.data, secrets)) } : {}),
            ...(error._tag === "ParseFailure" ? { exitCode: error.exitCode } : {}),
            ...(error._tag === "TimedOut" ? { timedOut: true, timeoutMs: error.timeoutMs, ...optional("timeoutPartialProgress", error.partialProgress) } : {}),
            ...(error._tag === "SelectorNotFound" && error.fallback !== undefined ? { visibleRefFallback: error.fallback } : {}),
            ...(error._tag === "ConfirmationRequired" && error.decision !== undefined
              ? { approval: { action: error.action, confirmationId: error.confirmationId, asked: error.decision === "denied", approved: false } }
              : {}),
            ...optional("fullOutputPath", budget.fullOutputPath),
            ...(formatted.nextActions.length > 0 ? { nextActions: redactor.scrubValue(formatted.nextActions, secrets) } : {})
          }
          return { content: [{ type: "text", text: budget.text }], details: redactor.scrubValue(details, secrets), isError: true }
        })
    })
  })
)
