/**
 * The `electron` input mode's program: decode (through the tool's input schema and `resolveInputMode`, so the
 * mode rules are the same as every other mode's), then one action. What it returns is what ToolCall hands to the
 * Presenter: the plan/executed of the last upstream call it made (if any), its error, and the electron report.
 */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type { ElectronRequest } from "../../schema/ElectronInput.js"
import type { ElectronReport } from "../../domain/ElectronReport.js"
import type { ManagedSessionOutcome } from "../../domain/Executed.js"
import type { Plan } from "../../domain/Plan.js"
import {
  type CleanupFailed,
  InvalidInput,
  type PolicyBlocked,
  type TimedOut,
  type UpstreamFailed
} from "../../schema/ToolError.js"
import { decodeToolInput } from "../../schema/ToolInput.js"
import type { Executed } from "../../domain/Executed.js"
import type { CallContext } from "../pipeline/planSession.js"
import { resolveInputMode } from "../pipeline/prepare.js"
import { type HostOutcome, runCleanup, runList, runProbe, runStatus } from "./hostActions.js"
import { runLaunch } from "./launch.js"
import type { ManagedCallError } from "./managedCall.js"

export type ElectronCallError =
  | ManagedCallError
  | InvalidInput
  | PolicyBlocked
  | TimedOut
  | UpstreamFailed
  | CleanupFailed

export interface ElectronAttempt {
  readonly plan: Plan | undefined
  readonly executed?: Executed
  readonly error?: ElectronCallError
  readonly electron?: ElectronReport
  readonly managedSessionOutcome?: ManagedSessionOutcome
}

/** The call's electron request when it is an electron call (decoded, or why not); undefined for every other mode. */
export const electronModeOf = (raw: unknown, cwd: string): Either.Either<ElectronRequest, InvalidInput> | undefined => {
  if ((raw as { electron?: unknown } | null)?.electron === undefined) return undefined
  return Either.flatMap(decodeToolInput(raw), (input) =>
    Either.flatMap(resolveInputMode(input, cwd), (resolved) =>
      resolved.compiled.mode === "electron"
        ? Either.right(resolved.compiled.electron)
        : Either.left(new InvalidInput({ field: "electron", detail: "electron: not an electron call" }))
    )
  )
}

export const runElectronCall = (decoded: Either.Either<ElectronRequest, InvalidInput>, call: CallContext) =>
  Effect.gen(function* () {
    if (Either.isLeft(decoded)) return { plan: undefined, error: decoded.left } satisfies ElectronAttempt
    const request = decoded.right
    const outcome: HostOutcome & { readonly managedSessionOutcome?: ManagedSessionOutcome } =
      request.action === "list"
        ? yield* runList(request)
        : request.action === "status"
          ? yield* runStatus(request, call)
          : request.action === "probe"
            ? yield* runProbe(request, call)
            : request.action === "cleanup"
              ? yield* runCleanup(request, call)
              : yield* runLaunch(request, call)
    return {
      plan: outcome.plan,
      ...(outcome.executed !== undefined ? { executed: outcome.executed } : {}),
      ...(outcome.error !== undefined ? { error: outcome.error } : {}),
      ...(outcome.electron !== undefined ? { electron: outcome.electron } : {}),
      ...(outcome.managedSessionOutcome !== undefined ? { managedSessionOutcome: outcome.managedSessionOutcome } : {})
    } satisfies ElectronAttempt
  }).pipe(Effect.withSpan("Electron.call"))
