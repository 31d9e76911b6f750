/**
 * PresenterLive: orchestration only. The body, notes and details come from pure modules in presenters/; this layer
 * adds what needs a service (echoed args with the session's field names, here; spill files and manifest rows,
 * presenterSpills.ts) and passes every text and the whole details object through the Redactor exactly once,
 * scrubbing before any cut.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { sessionOutcomeLines } from "../presenters/actions/managedSessionOutcome.js"
import { pageChange } from "../presenters/actions/pageChange.js"
import { byteLength, INLINE_TEXT_BYTES } from "../presenters/details/budgets.js"
import { compiledEcho, optional } from "../presenters/details/details.js"
import { actionsOf, detailsOf } from "../presenters/result/resultDetails.js"
import {
  failedStepLead,
  jsonOnly,
  originOf,
  recoveryLines,
  resultLines,
  type Sides,
  sidesOf
} from "../presenters/result/resultText.js"
import { bodyOf } from "../presenters/text/body.js"
import {
  type Boundary,
  page,
  type Part,
  type Parts,
  plain,
  render,
  runsOf,
  wrap
} from "../presenters/text/contentBoundary.js"
import { type FormattedFailure, formatFailure, resultCategoryLine } from "../presenters/text/formatFailure.js"
import type { Executed } from "../domain/Executed.js"
import type { Plan } from "../domain/Plan.js"
import { batchSteps } from "../redaction/batchSecrets.js"
import type { SpillResult } from "../schema/Artifacts.js"
import type { ContentPart } from "../schema/ToolResult.js"
import { categoryOf } from "../schema/ToolError.js"
import { ArtifactStore } from "../services/ArtifactStore.js"
import { type PresentInput, Presenter } from "../services/Presenter.js"
import { Redactor } from "../services/Redactor.js"
import { SessionRegistry } from "../services/SessionRegistry.js"
import { stepRunOf } from "../session/stepRun.js"
import { globalFlagTokens, parseCommandLine } from "../upstream/commandLine.js"
import { isNavigating, mutatesPage } from "../upstream/commandEffects.js"
import { hasSubcommands, isClose } from "../upstream/commandPolicy.js"
import { artifactCleanup, budgetText, type Deps, manifestDelta } from "./presenterSpills.js"

/** Argv as echoed: redacted with the session's known field names, secrets learned on the way. */
const echo = (d: Deps, plan: Plan | undefined, args: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const refs = plan?.sessionName !== undefined ? yield* d.registry.refSnapshotOf(plan.sessionName) : undefined
    const lookup = (ref: string) => refs?.refs.get(ref)?.name
    const redact = (argv: ReadonlyArray<string>) => d.redactor.redactArgs(argv, lookup).args
    if (plan?.line.command === "batch") yield* d.redactor.learnSteps(batchSteps(plan), lookup)
    return {
      redact,
      fields: {
        args: yield* d.redactor.echoArgs(plan?.args ?? args, lookup),
        // a call run one process per step echoes the argv every step shares, and says it ran step by step
        effectiveArgs: yield* d.redactor.echoArgs(
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
 * Each run of parts scrubbed on its own, so no scrub rewrites a marker line: page text as data, the tool's own
 * sentences so that their words are never garbled (a plain-word secret replaced only as a whole word).
 */
const scrubPart = (d: Deps, part: Part): Effect.Effect<Part> =>
  typeof part === "string" ? d.redactor.scrubToolText(part) : Effect.map(d.redactor.scrubText(part.page), page)
const scrubbedText = (d: Deps, parts: Parts, boundary: Boundary | undefined) =>
  Effect.map(
    Effect.forEach(runsOf(parts), (part) => scrubPart(d, part)),
    (scrubbed) => (boundary === undefined ? plain(scrubbed) : render(scrubbed, boundary))
  )

/** The body and its snapshot spill, scrubbed first: summaries and heads are cut from the scrubbed page data. */
const bodyView = (d: Deps, input: PresentInput) =>
  Effect.gen(function* () {
    const { plan, executed } = input
    const body =
      executed !== undefined
        ? bodyOf({ ...executed, outcome: yield* d.redactor.scrubOutcome(executed.outcome) })
        : undefined
    const origin = originOf(executed, body?.snapshot?.data.origin)
    const boundary: Boundary | undefined =
      plan?.contentNonce !== undefined
        ? { nonce: plan.contentNonce, origin: origin !== undefined ? yield* d.redactor.scrubText(origin) : undefined }
        : undefined
    const spills: Array<SpillResult> = []
    if (body?.snapshot?.spill === undefined || plan?.callerRequestedJson === true)
      return { body, boundary, spills, bodyParts: body?.parts ?? [], snapshotSpill: undefined }
    const tree = yield* d.redactor.scrubText(body.snapshot.spill)
    const wrapped = boundary !== undefined ? wrap(tree, boundary) : tree
    const spilled = yield* d.artifacts.spill("snapshot", wrapped, input.owner, "snapshot")
    spills.push(spilled)
    const full = `\n\nFull snapshot (${byteLength(body.snapshot.spill)} bytes): ${spilled.path}`
    return { body, boundary, spills, bodyParts: [...body.parts, full], snapshotSpill: spilled.path as string }
  })

/** The text: the lines scrubbed (each run on its own), then cut to the budget with a failed step's line leading. */
const presentText = (
  d: Deps,
  input: PresentInput,
  view: Effect.Effect.Success<ReturnType<typeof bodyView>>,
  side: Sides,
  failure: FormattedFailure | undefined
) =>
  Effect.gen(function* () {
    const { plan, executed, error } = input
    const { body, boundary, spills, bodyParts } = view
    const textParts = {
      plan,
      failure: failure?.text,
      executed,
      error,
      body: body !== undefined ? bodyParts : undefined,
      notes: side.notes,
      electron: side.electron?.lines ?? [],
      recovered: recoveryLines(side.recovery),
      honesty: side.honesty?.lines ?? [],
      outcome: error !== undefined ? sessionOutcomeLines(input.managedSessionOutcome) : []
    }
    const { lines, jsonNotes } = resultLines(textParts)
    const text = yield* scrubbedText(d, lines, boundary)
    const lead = failedStepLead(executed, error, boundary !== undefined)
    const label = error !== undefined && executed === undefined ? "error" : (plan?.line.command ?? "output")
    const inline = body?.snapshot?.inlineBytes
    const scrubbedLead = lead === "" ? "" : yield* d.redactor.scrubText(lead)
    // text within its budget is shown whole; only oversized text is spilled (presenterSpills.ts)
    const budget =
      byteLength(text) <= (inline ?? INLINE_TEXT_BYTES)
        ? { text, fullOutputPath: undefined }
        : yield* budgetText(d, text, label, input.owner, spills, boundary, inline, scrubbedLead)
    return { budget, jsonNotes, json: jsonOnly(textParts) }
  })

/**
 * Whether a successful call has what pageChange.ts speaks of: upstream's warning (a dialog), saved files, or a browser
 * command that streams, connects, navigates or changes the page. A read (`get`, `is`, `tab list`) does not enter it.
 */
const mayChangePage = ({ plan, outcome, verified }: Executed): boolean => {
  const command = plan.line.command ?? ""
  return (
    verified.rows.length > 0 ||
    (outcome.kind === "single" &&
      (outcome.warning !== undefined ||
        (plan.kind === "browser" &&
          (command === "stream" || command === "connect" || isNavigating(command) || mutatesPage(command)))))
  )
}

const present = (d: Deps, input: PresentInput) =>
  Effect.gen(function* () {
    const { plan, executed, error } = input
    yield* d.redactor.learn(input.secrets)
    const { fields, redact } = yield* echo(d, plan, input.args)
    const view = yield* bodyView(d, input)
    const { body, spills, snapshotSpill } = view
    const side = sidesOf(input, redact, body)
    const failure = error !== undefined ? formatFailure(plan, error, input.args) : undefined
    const { budget, jsonNotes, json } = yield* presentText(d, input, view, side, failure)
    const rows = executed?.verified.rows ?? []
    // only a call that spilled or saved files changed manifest rows
    const delta =
      spills.length === 0 && rows.length === 0
        ? undefined
        : yield* manifestDelta(
            d,
            spills,
            rows.map((a) => a.path)
          )
    const cleanup =
      plan !== undefined && executed !== undefined && isClose(plan.line) ? yield* artifactCleanup(d) : undefined
    const change =
      executed !== undefined && error === undefined && mayChangePage(executed)
        ? pageChange(executed.plan, executed.outcome, executed.navigation, rows)
        : undefined
    const actions = actionsOf({
      ...input,
      executed,
      error,
      body,
      electron: side.electron,
      honesty: side.honesty?.nextActions ?? [],
      failure,
      recovery: side.recovery,
      managedSessionOutcome: input.managedSessionOutcome,
      change: change?.nextActions,
      diagnostics: side.diagnostics,
      redact
    })
    const deltaNote = delta?.note ?? ""
    const notes = json ? [...jsonNotes, ...(deltaNote !== "" ? [deltaNote.trim()] : [])] : []
    const details = detailsOf({
      fields,
      plan,
      sessionMode: input.sessionMode,
      executed,
      error,
      body,
      failure,
      electronReport: input.electron,
      electron: side.electron,
      diagnostics: side.diagnostics,
      change: change?.summary,
      honesty: side.honesty?.details,
      actions,
      spills,
      fullOutputPath: snapshotSpill ?? budget.fullOutputPath,
      cleanup,
      delta,
      managedSessionOutcome: input.managedSessionOutcome,
      recovery: side.recovery,
      managedSession: input.managedSession,
      notes,
      redact
    })
    const shown = json ? budget.text : budget.text + deltaNote
    const content: Array<ContentPart> = [
      { type: "text", text: error !== undefined ? shown + resultCategoryLine(categoryOf(error), shown) : shown }
    ]
    const image = executed?.verified.image
    if (image !== undefined && error === undefined)
      content.push({ type: "image", data: image.data, mimeType: image.mimeType })
    return { content, details: yield* d.redactor.scrubValue(details), isError: error !== undefined }
  })

export const PresenterLive: Layer.Layer<Presenter, never, SessionRegistry | ArtifactStore | Redactor> = Layer.effect(
  Presenter,
  Effect.gen(function* () {
    const d: Deps = { redactor: yield* Redactor, artifacts: yield* ArtifactStore, registry: yield* SessionRegistry }
    const withoutExecuted = ({ executed: _executed, ...rest }: PresentInput): PresentInput => rest
    // a result too big to show whose spill file cannot be written (full disk, unusable folder) is that failure
    return Presenter.of({
      present: (input) =>
        present(d, input).pipe(
          Effect.catchTag("ArtifactMissing", (error) => Effect.orDie(present(d, { ...withoutExecuted(input), error })))
        )
    })
  })
)
