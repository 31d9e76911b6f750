/**
 * Presenter: turns an executed call or a typed failure into the pi-independent ToolResult. It applies the redactor
 * to everything it emits, enforces the byte budgets (spilling oversized text to the ArtifactStore), and attaches
 * trusted screenshots inline. Stateless.
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type { UpstreamOutcome } from "../schema/Outcome.js"
import type { ViewportFacts } from "../schema/PageFacts.js"
import type { ApprovalRecord } from "../schema/Approval.js"
import type { QaVerdict } from "../schema/Qa.js"
import type { RouteDiagnostic } from "../schema/Captures.js"
import type { TabCorrection } from "../schema/PageFacts.js"
import type { RefSnapshotRecord } from "../schema/RefSnapshot.js"
import type { RefSnapshot } from "../schema/RefSnapshot.js"
import type { Plan } from "../schema/Plan.js"
import type { ToolDetails, ToolResult } from "../schema/ToolDetails.js"
import type { VerifiedArtifacts } from "../schema/Artifacts.js"
import type { ToolError } from "../schema/ToolError.js"
import type { SessionMode } from "../schema/ToolInput.js"
import type { SpillOwner } from "../schema/Artifacts.js"

/** Facts that are not part of the upstream payload but belong in every result. */
export interface CallFacts {
  readonly secrets: ReadonlyArray<string>
  /** Where this call's spill files belong (a persisted pi session's directory, or process-private). */
  readonly owner: SpillOwner
  readonly managedSession?: ToolDetails["managedSession"]
  readonly binary?: ToolDetails["binary"]
  readonly durationMs?: number
}

export interface SuccessInput extends CallFacts {
  readonly plan: Plan
  readonly outcome: UpstreamOutcome
  readonly navigation?: { readonly title: string; readonly url: string }
  readonly verified: VerifiedArtifacts
  readonly previousRefs?: RefSnapshot
  readonly approval?: ApprovalRecord
  readonly tabCorrection?: TabCorrection
  readonly refSnapshot?: RefSnapshotRecord
  readonly routeDiagnostics?: ReadonlyArray<RouteDiagnostic>
  readonly viewport?: ViewportFacts
  /** The verdict of a `qa` call (a failed verdict makes the result `qa-failure`). */
  readonly qa?: QaVerdict
  /** Set when a batch ran but a step failed: the result is an aggregate failure. */
  readonly batchFailure?: { readonly index: number; readonly error: ToolError }
}

export interface FailureInput extends CallFacts {
  readonly plan: Plan | undefined
  /** Caller args as given (used when no plan exists yet). */
  readonly args: ReadonlyArray<string>
  readonly sessionMode: SessionMode
  readonly error: ToolError
}

export interface PresenterShape {
  readonly success: (input: SuccessInput) => Effect.Effect<ToolResult>
  readonly failure: (input: FailureInput) => Effect.Effect<ToolResult>
}

export class Presenter extends Context.Tag("agent-browser/Presenter")<Presenter, PresenterShape>() {}
