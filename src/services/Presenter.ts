/**
 * Presenter: turns what a call did (and why it failed, if it did) into the pi-independent ToolResult. Every text and
 * detail passes through the Redactor once, oversized text is spilled to the ArtifactStore, and a trusted screenshot
 * is attached inline. Stateless.
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type { SpillOwner } from "../schema/Artifacts.js"
import type { ElectronReport } from "../domain/ElectronReport.js"
import type { Executed, ManagedSessionOutcome } from "../domain/Executed.js"
import type { Plan } from "../domain/Plan.js"
import type { ToolDetails } from "../schema/ToolDetails.js"
import type { ToolResult } from "../schema/ToolResult.js"
import type { ToolError } from "../schema/ToolError.js"
import type { SessionMode } from "../schema/ToolInput.js"
import type { Recovery } from "../schema/RecoveryDetails.js"

export interface PresentInput {
  /** Absent when the input was rejected before planning. */
  readonly plan: Plan | undefined
  /** Caller args as given (used when no plan exists yet). */
  readonly args: ReadonlyArray<string>
  readonly sessionMode: SessionMode
  /** What ran, when anything ran. */
  readonly executed?: Executed
  /** Why the call failed; absent for a success. */
  readonly error?: ToolError
  /** Secrets this call revealed outside its argv (an `auth` stdin). */
  readonly secrets: ReadonlyArray<string>
  /** Where this call's spill files belong (a persisted pi session's directory, or process-private). */
  readonly owner: SpillOwner
  readonly managedSession?: ToolDetails["managedSession"]
  readonly managedSessionOutcome?: ManagedSessionOutcome
  /** An `electron` call's report, or the post-command health of a call in a wrapper-launched app's session. */
  readonly electron?: ElectronReport
  /**
   * What the tool recovered around a fault in this call (a timed-out call's stopped navigation); else
   * `executed.recovery`.
   */
  readonly recovery?: Recovery
}

export interface PresenterShape {
  readonly present: (input: PresentInput) => Effect.Effect<ToolResult>
}

export class Presenter extends Context.Tag("pi-agent-browser-effect/Presenter")<Presenter, PresenterShape>() {}
