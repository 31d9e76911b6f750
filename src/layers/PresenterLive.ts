/**
 * PresenterLive: orchestration only. The Layer wires the services; `present` runs the steps in order, each one call
 * into the module that owns what it says, with the service work beside it here:
 *   echo                 the plan's echo (presenters/details/details.ts), its argv redacted with the session's field
 *                        names and the secrets they hold learned
 *   text                 the body, what is said beside it and a failure's line (presenters/result/resultText.ts),
 *                        read from scrubbed page data, each run scrubbed, then cut to its budget
 *   spill                a snapshot or text too big to show, the manifest rows a call changed, what a close leaves on
 *                        disk (presenterSpills.ts)
 *   details and actions  presenters/result/resultDetails.ts
 *   redaction            the whole details object through the Redactor once; every text was scrubbed before any cut
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { byteLength, INLINE_TEXT_BYTES } from "../presenters/details/details.js"
import { echoArgvOf, echoFields } from "../presenters/details/details.js"
import { resultDetails } from "../presenters/result/resultDetails.js"
import { resultBody, resultContent, resultText } from "../presenters/result/resultText.js"
import { type Boundary, type Part, page, plain, render, runsOf } from "../presenters/text/contentBoundary.js"
import { ArtifactStore } from "../services/ArtifactStore.js"
import { type PresentInput, Presenter } from "../services/Presenter.js"
import { Redactor } from "../services/Redactor.js"
import { SessionRegistry } from "../services/SessionRegistry.js"
import { isClose } from "../upstream/commandPolicy.js"
import { artifactCleanup, budgetText, type Deps, manifestDelta, spillSnapshot } from "./presenterSpills.js"

type Redact = (argv: ReadonlyArray<string>) => ReadonlyArray<string>

/** Argv as echoed: redacted with the session's known field names, secrets learned on the way. */
const echo = (d: Deps, { plan, args }: PresentInput) =>
  Effect.gen(function* () {
    const refs = plan?.sessionName !== undefined ? yield* d.registry.refSnapshotOf(plan.sessionName) : undefined
    const lookup = (ref: string) => refs?.refs.get(ref)?.name
    const redact: Redact = (argv) => d.redactor.redactArgs(argv, lookup).args
    const argv = echoArgvOf(plan, args)
    if (argv.steps !== undefined) yield* d.redactor.learnSteps(argv.steps, lookup)
    const echoed = {
      args: yield* d.redactor.echoArgs(argv.args, lookup),
      effectiveArgs: yield* d.redactor.echoArgs(argv.effectiveArgs, lookup)
    }
    return { redact, fields: echoFields(plan, echoed, redact) }
  })

/**
 * The text: the body read from the scrubbed outcome (summaries and heads are cut from scrubbed page data), its
 * snapshot spilled when too big, the text composed once; each run scrubbed on its own, so no scrub rewrites a marker
 * line (page text as data, the tool's sentences so that their words are never garbled); then text within its budget
 * is shown whole, only oversized text is spilled and cut, a failed step's line leading.
 */
const text = (d: Deps, input: PresentInput, redact: Redact) =>
  Effect.gen(function* () {
    const { plan, executed } = input
    const { body, origin } = resultBody(
      executed,
      executed !== undefined ? yield* d.redactor.scrubOutcome(executed.outcome) : undefined
    )
    const boundary: Boundary | undefined =
      plan?.contentNonce !== undefined
        ? { nonce: plan.contentNonce, origin: origin !== undefined ? yield* d.redactor.scrubText(origin) : undefined }
        : undefined
    const snapshot =
      body?.snapshot?.spill !== undefined && plan?.callerRequestedJson !== true
        ? yield* spillSnapshot(d, body.snapshot.spill, boundary, input.owner)
        : undefined
    const composed = resultText(input, redact, body, [
      ...(body?.parts ?? []),
      ...(snapshot !== undefined ? [snapshot.line] : [])
    ])
    const runs = yield* Effect.forEach(
      runsOf(composed.lines),
      (part): Effect.Effect<Part> =>
        typeof part === "string" ? d.redactor.scrubToolText(part) : Effect.map(d.redactor.scrubText(part.page), page)
    )
    const whole = boundary === undefined ? plain(runs) : render(runs, boundary)
    const inline = body?.snapshot?.inlineBytes
    const lead = composed.lead === "" ? "" : yield* d.redactor.scrubText(composed.lead)
    const cut =
      byteLength(whole) <= (inline ?? INLINE_TEXT_BYTES)
        ? { text: whole, spilled: undefined }
        : yield* budgetText(d, whole, composed.label, input.owner, boundary, inline, lead)
    const spills = [
      ...(snapshot !== undefined ? [snapshot.spilled] : []),
      ...(cut.spilled !== undefined ? [cut.spilled] : [])
    ]
    return { ...composed, body, spills, text: cut.text, fullOutputPath: snapshot?.spilled.path ?? cut.spilled?.path }
  })

const present = (d: Deps, input: PresentInput) =>
  Effect.gen(function* () {
    const { plan, executed, error } = input
    yield* d.redactor.learn(input.secrets)
    const { fields, redact } = yield* echo(d, input)
    const shown = yield* text(d, input, redact)
    // only a call that spilled or saved files changed manifest rows; only a close that ran leaves files to report
    const saved = executed?.verified.rows.map((row) => row.path) ?? []
    const delta = shown.spills.length + saved.length > 0 ? yield* manifestDelta(d, shown.spills, saved) : undefined
    const closed = plan !== undefined && executed !== undefined && isClose(plan.line)
    const cleanup = closed ? yield* artifactCleanup(d) : undefined
    const details = resultDetails(input, { ...shown, fields, redact, delta, cleanup })
    return {
      content: resultContent(input, shown, delta?.note ?? ""),
      details: yield* d.redactor.scrubValue(details),
      isError: error !== undefined
    }
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
