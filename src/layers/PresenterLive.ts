/**
 * PresenterLive: orchestration only. The body, notes and details come from pure modules in presenters/; this layer
 * adds what needs a service (echoed args with the session's field names, spill files, manifest rows) and passes
 * every text and the whole details object through the Redactor exactly once, scrubbing before any cut.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { bodyOf } from "../presenters/text/body.js"
import { byteLength, headBytes, INLINE_TEXT_BYTES, PREVIEW_TEXT_BYTES } from "../presenters/details/budgets.js"
import {
  type Boundary,
  closeCut,
  joinParts,
  page,
  type Part,
  type Parts,
  plain,
  render,
  runsOf,
  wrap
} from "../presenters/text/contentBoundary.js"
import { compiledEcho, executedDetails, failedStep, optional } from "../presenters/details/details.js"
import { errorDetails } from "../presenters/details/errorDetails.js"
import { electronSummary } from "../presenters/electron/electronText.js"
import { electronView } from "../presenters/electron/electronView.js"
import { stepRefusalNote } from "../presenters/text/securityRefusal.js"
import { formatFailure, resultCategoryLine } from "../presenters/text/formatFailure.js"
import { assertionFailureLine } from "../presenters/text/assertionFailure.js"
import { honestyOf } from "../presenters/text/honestyNotes.js"
import { networkFollowUps } from "../presenters/text/networkFollowUps.js"
import { nextActions } from "../presenters/actions/nextActions.js"
import { notesOf } from "../presenters/text/notes.js"
import { distinctActions } from "../presenters/actions/distinctActions.js"
import { pageChange } from "../presenters/actions/pageChange.js"
import { retentionCounts, retentionSummary } from "../presenters/details/artifactRetention.js"
import { verificationOf } from "../presenters/details/artifactSummary.js"
import {
  managedSessionOutcomeDetails,
  sessionOutcomeActions,
  sessionOutcomeLines
} from "../presenters/actions/managedSessionOutcome.js"
import { pageDiagnostics, readinessDetails } from "../presenters/text/pageDiagnostics.js"
import type { SpillOwner, SpillResult } from "../schema/Artifacts.js"
import type { Executed } from "../domain/Executed.js"
import type { Plan } from "../domain/Plan.js"
import type { ToolDetails } from "../schema/ToolDetails.js"
import type { NextAction } from "../schema/NextAction.js"
import type { ContentPart } from "../schema/ToolResult.js"
import { categoryOf, type ToolError } from "../schema/ToolError.js"
import { ArtifactStore } from "../services/ArtifactStore.js"
import { type PresentInput, Presenter } from "../services/Presenter.js"
import { Redactor } from "../services/Redactor.js"
import { SessionRegistry } from "../services/SessionRegistry.js"
import { batchSteps } from "../redaction/batchSecrets.js"
import { stepRunOf } from "../session/stepRun.js"
import { preflight } from "../security/preflight.js"
import { globalFlagTokens, parseCommandLine } from "../upstream/commandLine.js"
import { hasSubcommands, isClose } from "../upstream/commandPolicy.js"

const successCategory = (executed: Executed): NonNullable<ToolDetails["successCategory"]> => {
  const rows = executed.verified.rows
  if (executed.outcome.kind === "inspection") return "inspection"
  return rows.some((r) => r.state === "unverified")
    ? "artifact-unverified"
    : rows.some((r) => r.state === "verified")
      ? "artifact-saved"
      : "completed"
}

/** The model-visible text of a call, before redaction and budgets: the body's page parts stay marked as page content. */
const textOf = (
  plan: Plan | undefined,
  args: ReadonlyArray<string>,
  executed: Executed | undefined,
  body: Parts,
  notes: ReadonlyArray<Parts>,
  error: ToolError | undefined
): Parts => {
  const withNotes = joinParts(
    [body, ...notes].filter((line) => plain(line) !== ""),
    "\n"
  )
  const approved = executed?.approval !== undefined ? `Approved by the user: ${executed.approval.action}.\n` : ""
  if (error === undefined) return [approved, ...withNotes]
  const step = failedStep(executed, error)
  if (error._tag === "QaFailed" && executed?.qa !== undefined) return withNotes
  const refusal =
    error._tag === "PolicyBlocked" && error.violation !== undefined ? `\n${stepRefusalNote(error.violation)}` : ""
  if (step !== undefined) {
    const assertion = assertionFailureLine(error)
    const line = `\nResult: step ${step.index + 1} failed (${categoryOf(error)}).`
    const result = assertion !== "" ? `${line} ${assertion}` : line
    return [approved, ...withNotes, `${result}${refusal}`]
  }
  const failure = quotingPage(`Failed (${categoryOf(error)}): ${formatFailure(plan, error, args).text}`, error)
  if (executed === undefined) return failure
  // a click that reached nothing did not happen: its body ("Clicked …") would say it did
  const shown =
    error._tag === "UpstreamFailed" && error.clickDispatch !== undefined
      ? joinParts(
          notes.filter((line) => plain(line) !== ""),
          "\n"
        )
      : withNotes
  return [...failure, `\n${approved}`, ...shown]
}

/** Upstream's own error text can quote the page (a thrown message, option labels): it is page content in a failure. */
const upstreamQuote = (error: ToolError): string | undefined =>
  error._tag === "UpstreamFailed" ||
  error._tag === "SelectorNotFound" ||
  error._tag === "SelectorUnsupported" ||
  (error._tag === "StaleRef" && error.source === "upstream") ||
  (error._tag === "TimedOut" && error.source === "upstream")
    ? error.message
    : undefined

/** A failure line with the upstream text it quotes marked as page content (the rest is the tool's). */
const quotingPage = (text: string, error: ToolError): Parts => {
  const quote = upstreamQuote(error)
  const at = quote !== undefined && quote !== "" ? text.indexOf(quote) : -1
  return at < 0 || quote === undefined ? [text] : [text.slice(0, at), page(quote), text.slice(at + quote.length)]
}

/** A next action the security policy would refuse is not offered (eval probes under `eval: "deny"`, a blocked URL). */
const allowedByPolicy = (plan: Plan | undefined, actions: ReadonlyArray<NextAction>): ReadonlyArray<NextAction> => {
  const policy = plan?.security
  if (policy === undefined) return actions
  return actions.filter(
    (a) =>
      a.params === undefined ||
      a.params.args === undefined ||
      preflight(policy, [{ argv: a.params.args, authored: true }], a.params.stdin)?.kind !== "blocked"
  )
}

/** Where the page content came from: the snapshot's origin, the page the call ended on or reported, or the one it started on. */
/** A fill check's own follow-ups lead (the warning's way out, e.g. opening a read-only field's picker); else the page change's. */
const pageActions = (
  change: ReadonlyArray<NextAction>,
  diagnostics:
    | { readonly fields: { readonly fillVerification?: unknown }; readonly nextActions: ReadonlyArray<NextAction> }
    | undefined
): ReadonlyArray<NextAction> =>
  diagnostics === undefined
    ? change
    : diagnostics.fields.fillVerification !== undefined
      ? [...diagnostics.nextActions, ...change]
      : [...change, ...diagnostics.nextActions]

const originOf = (executed: Executed | undefined, snapshotOrigin: string | undefined): string | undefined => {
  const data = executed?.outcome.kind === "single" ? executed.outcome.data : undefined
  const reported =
    data !== null && typeof data === "object" && typeof (data as Record<string, unknown>)["url"] === "string"
      ? (data as Record<string, string>)["url"]
      : undefined
  return [snapshotOrigin, executed?.navigation?.url, reported, executed?.previousPage?.url].find(
    (u) => u !== undefined && u !== ""
  )
}

/** A call that spilled and saved nothing changed no manifest row. */
const NO_DELTA = { manifest: undefined, summary: undefined, note: "" } as const

export const PresenterLive: Layer.Layer<Presenter, never, SessionRegistry | ArtifactStore | Redactor> = Layer.effect(
  Presenter,
  Effect.gen(function* () {
    const redactor = yield* Redactor
    const artifacts = yield* ArtifactStore
    const registry = yield* SessionRegistry

    /** Argv as echoed: redacted with the session's known field names, secrets learned on the way. */
    const echo = (plan: Plan | undefined, args: ReadonlyArray<string>) =>
      Effect.gen(function* () {
        const refs = plan?.sessionName !== undefined ? yield* registry.refSnapshotOf(plan.sessionName) : undefined
        const lookup = (ref: string) => refs?.refs.get(ref)?.name
        const redact = (argv: ReadonlyArray<string>) => redactor.redactArgs(argv, lookup).args
        yield* redactor.learnSteps(batchSteps(plan), lookup)
        return {
          redact,
          fields: {
            args: yield* redactor.echoArgs(plan?.args ?? args, lookup),
            // a call run one process per step echoes the argv every step shares, and says it ran step by step
            effectiveArgs: yield* redactor.echoArgs(
              plan !== undefined && stepRunOf(plan) !== undefined
                ? globalFlagTokens(parseCommandLine(plan.effectiveArgs))
                : (plan?.effectiveArgs ?? []),
              lookup
            ),
            ...(plan !== undefined && stepRunOf(plan) !== undefined
              ? { execution: "one upstream call per step" as const }
              : {}),
            ...optional("command", plan?.line.command),
            ...optional(
              "subcommand",
              plan !== undefined && hasSubcommands(plan.line) ? (plan.line.subcommand ?? "") : undefined
            ),
            ...optional("sessionName", plan?.sessionName),
            ...(plan?.usedImplicitSession === true
              ? { usedImplicitSession: true }
              : plan?.sessionRole === "explicit"
                ? { usedImplicitSession: false }
                : {}),
            ...(plan !== undefined ? compiledEcho(plan, redact) : {})
          }
        }
      })

    /**
     * Oversized text is spilled in full (already scrubbed) and replaced by its head (markers closed) plus the path;
     * `lead` (a failed step's line) then comes first, so it is never in the spilled tail only.
     */
    const budgetText = (
      text: string,
      label: string,
      owner: SpillOwner,
      spills: Array<SpillResult>,
      boundary: Boundary | undefined,
      inline = INLINE_TEXT_BYTES,
      lead = ""
    ) =>
      Effect.gen(function* () {
        const bytes = byteLength(text)
        if (bytes <= inline) return { text, fullOutputPath: undefined as string | undefined }
        const spilled = yield* artifacts.spill(label, text, owner, label)
        spills.push(spilled)
        const head = closeCut(headBytes(text, PREVIEW_TEXT_BYTES), boundary)
        return {
          text: `${lead}${head}\n… [${bytes - byteLength(head)} more bytes not shown; full output (${bytes} bytes): ${spilled.path}]`,
          fullOutputPath: spilled.path
        }
      })

    /** After close: closing does not delete saved files; which explicit files still exist. */
    const artifactCleanup = Effect.flatMap(artifacts.manifest, (entries) => {
      const explicit = [...new Set(entries.filter((e) => e.storageScope === "explicit-path").map((e) => e.path))]
      return Effect.map(
        Effect.forEach(explicit, (path) => artifacts.inspect(path)),
        (facts) =>
          entries.length === 0
            ? undefined
            : {
                owner: "host-file-tools" as const,
                summary: retentionSummary(retentionCounts(entries)),
                note: "Closing the browser does not delete saved screenshots, downloads, PDFs, traces or recordings; remove them with file tools if needed.",
                explicitArtifactPaths: facts
                  .filter((f) => f.exists)
                  .map((f) => f.path)
                  .slice(0, 10)
              }
      )
    })

    /** Manifest rows this call added or changed, plus the retention line the model needs when files were evicted. */
    const manifestDelta = (spills: ReadonlyArray<SpillResult>, explicit: ReadonlyArray<string>) =>
      spills.length === 0 && explicit.length === 0
        ? Effect.succeed(NO_DELTA)
        : Effect.map(artifacts.manifest, (entries) => {
            const touched = new Set([...spills.flatMap((s) => [s.path, ...s.evicted]), ...explicit])
            const changed = entries.filter((e) => touched.has(e.path))
            const evicted = spills.flatMap((s) => s.evicted).length
            const counts = retentionCounts(entries)
            return {
              manifest: changed.length > 0 ? { entries: changed, window: entries.length, counts } : undefined,
              summary: changed.length > 0 ? retentionSummary(counts) : undefined,
              note:
                evicted > 0
                  ? `\nArtifacts: ${evicted} older spill file(s) evicted to keep this session within its budget; ${counts.live} live.`
                  : ""
            }
          })

    /**
     * Each run of parts scrubbed on its own, so no scrub rewrites a marker line: page text as data, the tool's own
     * sentences so that their words are never garbled (a plain-word secret replaced only as a whole word).
     */
    const scrubPart = (part: Part): Effect.Effect<Part> =>
      typeof part === "string" ? redactor.scrubToolText(part) : Effect.map(redactor.scrubText(part.page), page)
    const scrubbedText = (parts: Parts, boundary: Boundary | undefined) =>
      Effect.map(Effect.forEach(runsOf(parts), scrubPart), (scrubbed) =>
        boundary === undefined ? plain(scrubbed) : render(scrubbed, boundary)
      )

    const present = (input: PresentInput) =>
      Effect.gen(function* () {
        const { plan, executed, error } = input
        yield* redactor.learn(input.secrets)
        const { fields, redact } = yield* echo(plan, input.args)
        // scrub first, then cut: summaries and heads are cut from the scrubbed page data
        const body =
          executed !== undefined
            ? bodyOf({ ...executed, outcome: yield* redactor.scrubOutcome(executed.outcome) })
            : undefined
        const origin = originOf(executed, body?.snapshot?.data.origin)
        const boundary: Boundary | undefined =
          plan?.contentNonce !== undefined
            ? { nonce: plan.contentNonce, origin: origin !== undefined ? yield* redactor.scrubText(origin) : undefined }
            : undefined
        const spills: Array<SpillResult> = []
        let snapshotSpill: string | undefined
        if (body?.snapshot?.spill !== undefined && plan?.callerRequestedJson !== true) {
          const tree = yield* redactor.scrubText(body.snapshot.spill)
          const spilled = yield* artifacts.spill(
            "snapshot",
            boundary !== undefined ? wrap(tree, boundary) : tree,
            input.owner,
            "snapshot"
          )
          spills.push(spilled)
          snapshotSpill = spilled.path
        }
        const shownDefaults = executed?.browserDefaults !== undefined ? redact(executed.browserDefaults.flags) : []
        const diagnostics =
          executed !== undefined && error === undefined ? pageDiagnostics(executed, body?.data) : undefined
        const notes = executed !== undefined ? [...notesOf(executed, shownDefaults), ...(diagnostics?.lines ?? [])] : []
        const bodyParts: Parts =
          body === undefined
            ? []
            : snapshotSpill !== undefined
              ? [...body.parts, `\n\nFull snapshot (${byteLength(body.snapshot?.spill ?? "")} bytes): ${snapshotSpill}`]
              : body.parts
        const outcomeLine = error !== undefined ? sessionOutcomeLines(input.managedSessionOutcome) : []
        const electron = electronView(input.electron, executed, redact, error !== undefined)
        const electronText = electron?.lines ?? []
        const honesty = honestyOf(plan, executed, error)
        const recovery = input.recovery ?? executed?.recovery
        const kind = recovery?.kind
        const label = kind === "loss-not-checked" ? "Not checked" : kind === "session-checked" ? "Checked" : "Recovered"
        const recovered: ReadonlyArray<Parts> = recovery !== undefined ? [[`${label}: ${recovery.summary}`]] : []
        // a caller who asked for --json parses the visible text: it is the JSON alone, every note goes to details.notes
        const jsonOnly =
          plan?.callerRequestedJson === true &&
          error === undefined &&
          body !== undefined &&
          executed?.outcome.kind !== "inspection"
        const approval =
          executed?.approval !== undefined ? [[`Approved by the user: ${executed.approval.action}.`]] : []
        const jsonNotes = jsonOnly
          ? [...approval, ...electronText.map((l) => [l]), ...notes, ...recovered, ...honesty.lines.map((l) => [l])]
              .map(plain)
              .filter((l) => l !== "")
          : []
        const lines: ReadonlyArray<Parts> = jsonOnly
          ? [bodyParts]
          : [
              ...electronText.map((l) => [l]),
              textOf(plan, input.args, executed, bodyParts, notes, error),
              ...recovered,
              ...honesty.lines.map((l) => [l]),
              ...outcomeLine.map((l) => [l])
            ]
        const text = yield* scrubbedText(
          joinParts(
            lines.filter((l) => plain(l) !== ""),
            "\n"
          ),
          boundary
        )
        // a long page read on as text (`snapshot --read`) may use more of pi's 50 KB per result than other output
        // a long failing batch/job/qa: its failed step's line leads the preview (F12); its words only outside page markers
        const failed = failedStep(executed, error)
        const lead =
          failed === undefined || error === undefined
            ? ""
            : yield* redactor.scrubText(
                `Result: step ${failed.index + 1} failed (${categoryOf(error)})${boundary === undefined ? `: ${error.message.slice(0, 300)}` : "."}\n`
              )
        const budget = yield* budgetText(
          text,
          error !== undefined && executed === undefined ? "error" : (plan?.line.command ?? "output"),
          input.owner,
          spills,
          boundary,
          body?.snapshot?.inlineBytes,
          lead
        )
        const rows = executed?.verified.rows ?? []
        const delta = yield* manifestDelta(
          spills,
          rows.map((a) => a.path)
        )
        const cleanup =
          plan !== undefined && executed !== undefined && isClose(plan.line) ? yield* artifactCleanup : undefined
        const change =
          executed !== undefined && error === undefined
            ? pageChange(executed.plan, executed.outcome, executed.navigation, rows)
            : undefined
        const failure = error !== undefined ? formatFailure(plan, error, input.args) : undefined
        // the browser was ended after a call that hung it: its last page, reopened in the next one, comes first
        const lastUrl = recovery?.kind === "browser-ended" && error?._tag === "TimedOut" ? error.lastUrl : undefined
        const reopen =
          lastUrl !== undefined && /^https?:/.test(lastUrl)
            ? [nextActions.reopenLostPage(plan?.sessionName, lastUrl)]
            : []
        const step = failedStep(executed, error)
        const outcomeActions =
          error !== undefined
            ? sessionOutcomeActions(input.managedSessionOutcome, redact(plan?.args ?? input.args))
            : []
        const network =
          executed !== undefined &&
          error === undefined &&
          executed.outcome.kind === "single" &&
          plan?.line.command === "network" &&
          plan.line.subcommand === "requests" &&
          !plan.args.includes("--clear")
            ? networkFollowUps(
                plan.sessionName,
                (executed.outcome.data ?? {}) as Record<string, unknown>,
                executed.routeDiagnostics
              )
            : []
        const readOn =
          body?.snapshot?.readOn !== undefined
            ? [nextActions.readOnInOrder(plan?.sessionName, body.snapshot.readOn)]
            : []
        // an electron action names its own follow-ups; the generic failure fallbacks would only add noise
        const actions = distinctActions(
          allowedByPolicy(
            plan,
            electron !== undefined && electron.nextActions.length > 0
              ? electron.nextActions
              : [
                  ...honesty.nextActions,
                  ...reopen,
                  ...(failure?.nextActions ?? [
                    ...readOn,
                    ...network,
                    ...pageActions(change?.nextActions ?? [], diagnostics)
                  ]),
                  ...outcomeActions
                ]
          )
        )
        const details: ToolDetails = {
          ...fields,
          sessionMode: plan?.sessionMode ?? input.sessionMode,
          resultCategory: error === undefined ? "success" : "failure",
          ...(error === undefined
            ? { successCategory: executed !== undefined ? successCategory(executed) : "completed" }
            : { failureCategory: categoryOf(error) }),
          summary:
            failure?.summary ??
            (input.electron !== undefined ? electronSummary(input.electron) : undefined) ??
            body?.summary ??
            "",
          ...(executed !== undefined && body !== undefined
            ? executedDetails(
                executed,
                body,
                redact,
                step !== undefined ? { index: step.index, nextActions: actions } : undefined
              )
            : {}),
          ...(error !== undefined ? errorDetails(error, redact, plan) : {}),
          ...readinessDetails(executed, error),
          ...optional(
            "artifactVerification",
            verificationOf(rows, spills, { cwd: plan?.cwd, session: plan?.sessionName })
          ),
          ...diagnostics?.fields,
          ...optional("fullOutputPath", snapshotSpill ?? budget.fullOutputPath),
          ...optional(
            "fullOutputPaths",
            (snapshotSpill ?? budget.fullOutputPath) !== undefined
              ? [snapshotSpill ?? budget.fullOutputPath ?? ""]
              : undefined
          ),
          ...optional("pageChangeSummary", change?.summary),
          ...(step !== undefined && error !== undefined
            ? {
                batchFailure: {
                  failedStep: {
                    index: step.index,
                    command: redact(step.row.command),
                    failureCategory: categoryOf(error),
                    error: error.message,
                    ...(actions.length > 0 ? { nextActions: actions } : {})
                  }
                }
              }
            : {}),
          ...(actions.length > 0 ? { nextActions: actions } : {}),
          ...optional("artifactCleanup", cleanup),
          ...optional("artifactManifest", delta.manifest),
          ...optional("artifactRetentionSummary", delta.summary),
          ...optional("managedSessionOutcome", managedSessionOutcomeDetails(input.managedSessionOutcome)),
          ...optional("recovery", recovery),
          ...optional("managedSession", input.managedSession),
          ...(electron?.fields ?? {}),
          ...honesty.details,
          ...(jsonNotes.length > 0 || (jsonOnly && delta.note !== "")
            ? { notes: [...jsonNotes, ...(delta.note !== "" ? [delta.note.trim()] : [])] }
            : {})
        }
        const shown = jsonOnly ? budget.text : budget.text + delta.note
        const content: Array<ContentPart> = [
          { type: "text", text: error !== undefined ? shown + resultCategoryLine(categoryOf(error), shown) : shown }
        ]
        const image = executed?.verified.image
        if (image !== undefined && error === undefined)
          content.push({ type: "image", data: image.data, mimeType: image.mimeType })
        return { content, details: yield* redactor.scrubValue(details), isError: error !== undefined }
      })

    const withoutExecuted = ({ executed: _executed, ...rest }: PresentInput): PresentInput => rest
    // a result too big to show whose spill file cannot be written (full disk, unusable folder) is that failure
    return Presenter.of({
      present: (input) =>
        present(input).pipe(
          Effect.catchTag("ArtifactMissing", (error) => Effect.orDie(present({ ...withoutExecuted(input), error })))
        )
    })
  })
)
