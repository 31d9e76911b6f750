/**
 * The facts read after a call (`callFacts`), for the verdict and the presenter, each entered only when the call's
 * family reads it or its outcome can have it: the viewport a snapshot asked for, what the routes did to the requests
 * a `network requests` listed, hidden text a batch's get text read, the files saved (verified, an image fitted
 * inline), a qa's verdict, the binary, a custom select that changed nothing, crashed tabs in a tab list.
 */
import * as Effect from "effect/Effect"
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import type { Plan } from "../../domain/Plan.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import { evaluateQa } from "../../compilers/evaluateQa.js"
import { BinaryLocator } from "../../services/BinaryLocator.js"
import { routeDiagnostics } from "../../session/captures.js"
import { isClose } from "../../upstream/commandPolicy.js"
import { artifactRequest } from "../../upstream/artifactPaths.js"
import type { VerifiedArtifacts } from "../../schema/Artifacts.js"
import { fitInlineImage } from "../artifacts/screenshotImage.js"
import { verifyArtifacts } from "../artifacts/verifyArtifacts.js"
import { probeViewport } from "../page/pageProbes.js"
import type { PageCheck } from "../probed/probedCommand.js"
import { checkSelect } from "../page/selectCheck.js"
import { batchTextVisibility } from "../page/textVisibility.js"
import { crashedTargetsOf } from "../lifecycle/pageHealth.js"
import { type CommandFamily, reads } from "../families/family.js"

const NO_FILES: VerifiedArtifacts = { rows: [], warnings: [] }

/** A tab list's tabs whose page crashed (upstream lists them as live at their old URL). */
const crashedTabsOfList = (plan: Plan, outcome: UpstreamOutcome) => {
  const tabs =
    plan.line.command === "tab" && outcome.kind === "single"
      ? (outcome.data as { tabs?: unknown } | null)?.tabs
      : undefined
  if (!Array.isArray(tabs)) return Effect.succeed([] as ReadonlyArray<string>)
  const ids = tabs.flatMap((t: unknown) => {
    const id = (t as { targetId?: unknown } | null)?.targetId
    return typeof id === "string" ? [id] : []
  })
  return crashedTargetsOf(plan, ids)
}

/** What the session's route mocks did to the requests a `network requests` listed. */
const routeFindingsOf = (plan: Plan, outcome: UpstreamOutcome) =>
  Effect.gen(function* () {
    const session = plan.kind === "browser" ? plan.sessionName : undefined
    const routes =
      session !== undefined && !isClose(plan.line) ? (yield* (yield* SessionRegistry).view(session)).routes : []
    const requests = outcome.kind === "single" ? (outcome.data as { requests?: unknown } | null)?.requests : undefined
    return Array.isArray(requests) && routes.length > 0
      ? routeDiagnostics(routes, requests as ReadonlyArray<Record<string, unknown>>)
      : []
  })

export const callFacts = (
  plan: Plan,
  family: CommandFamily,
  outcome: UpstreamOutcome,
  pageCheck: PageCheck | undefined
) =>
  Effect.gen(function* () {
    const viewport =
      reads(family, "viewport") && plan.snapshotOptions?.viewport === true && outcome.kind === "single"
        ? yield* probeViewport(plan)
        : undefined
    const routeFindings = reads(family, "routeFindings") ? yield* routeFindingsOf(plan, outcome) : []
    const textVisibility =
      pageCheck?.selectorTextVisibility ??
      (reads(family, "textVisibility") ? yield* batchTextVisibility(plan, outcome) : undefined)
    // only a command that saves a file (its family says it may: family.ts), or a batch's steps, has files to check
    const saves = outcome.kind === "batch" || (family.savesFiles && artifactRequest(plan.line) !== undefined)
    const verified = saves ? yield* fitInlineImage(plan, outcome, yield* verifyArtifacts(plan, outcome)) : NO_FILES
    const qa =
      plan.compiled.mode === "qa" && outcome.kind === "batch" ? evaluateQa(plan.compiled.qa, outcome.rows) : undefined
    const binary = yield* (yield* BinaryLocator).resolve
    // a select on a custom combobox answered "Selected" and changed nothing: said as the failure it is
    if (reads(family, "selectCheck")) yield* checkSelect(plan, outcome)
    const crashedTabs = reads(family, "crashedTabs") ? yield* crashedTabsOfList(plan, outcome) : []
    return { viewport, routeFindings, textVisibility, verified, qa, binary, crashedTabs }
  })
