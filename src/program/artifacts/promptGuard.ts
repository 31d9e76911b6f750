/**
 * The requested-artifacts guard: the pi hook records the screenshot paths each user prompt names
 * (`ArtifactStore.requireArtifacts`); a `close` / `quit` / `exit` while one of them is still not on disk is refused
 * before anything runs (`policy-blocked`, `details.promptGuard`), so a browser is not closed on a task half done.
 * A prompt that names no paths clears the requirements.
 */
import * as Effect from "effect/Effect"
import type { Plan } from "../../domain/Plan.js"
import { PolicyBlocked } from "../../schema/ToolError.js"
import { ArtifactStore } from "../../services/ArtifactStore.js"
import { isClose } from "../../upstream/commandPolicy.js"

export const requirePromptArtifacts = (paths: ReadonlyArray<string>) =>
  Effect.flatMap(ArtifactStore, (store) => store.requireArtifacts(paths))

export const guardClose = (plan: Plan) =>
  Effect.gen(function* () {
    if (!isClose(plan.line)) return plan
    const missing = yield* (yield* ArtifactStore).unmetArtifacts
    if (missing.length === 0) return plan
    const one = missing.length === 1
    const summary =
      `The user's prompt asked for ${one ? "this file" : "these files"}, not saved yet: ${missing.join(", ")}. ` +
      `Save ${one ? "it" : "them"} (e.g. screenshot <path>) before closing the browser.`
    return yield* Effect.fail(
      new PolicyBlocked({
        promptGuard: { reason: "requested-artifacts-missing-before-close", missingPaths: missing, summary }
      })
    )
  })
