/** pi lifecycle hooks, each one call into a program: restore on start/tree change, close on quit, patch failures. */
import type { ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent"
import * as Effect from "effect/Effect"
import type * as ManagedRuntime from "effect/ManagedRuntime"
import type { MainServices } from "../layers/MainLive.js"
import { closeOrphanedBrowsers, closeOwnedBrowser, restoreSession } from "../program/lifecycle/lifecycle.js"
import { requirePromptArtifacts } from "../program/artifacts/promptGuard.js"
import { forgetShownSnapshots } from "../program/page/shownSnapshot.js"
import { formatDoctor, runDoctor } from "../program/doctor/doctor.js"
import {
  electronRecordsFromBranch,
  handOverElectronLaunches,
  restoreElectronLaunches
} from "../program/electron/electronLifecycle.js"
import { manifestFromBranch, refSnapshotFromBranch, restoreFromBranch } from "./restoreFromBranch.js"
import { promptOf } from "./lazyGraph.js"
import { promptArtifactPaths } from "./promptArtifacts.js"
import { toolResultPatch } from "./toPiResult.js"

type Runtime = ManagedRuntime.ManagedRuntime<MainServices, never>

/** The session message that keeps the doctor's report where the person can read it again. */
export const DOCTOR_MESSAGE = "agent-browser-doctor"

/** A failure inside a hook's program is logged there; what is left is the runtime itself gone (nothing to log to). */
const ignoreDisposed = (): void => undefined

const restore = (runtime: Runtime, ctx: ExtensionContext) =>
  runtime.runPromise(
    restoreSession(
      ctx.sessionManager.getSessionId(),
      ctx.cwd,
      (base) => restoreFromBranch(ctx.sessionManager.getBranch(), base),
      manifestFromBranch(ctx.sessionManager.getBranch()),
      refSnapshotFromBranch(ctx.sessionManager.getBranch())
    ).pipe(
      Effect.zipRight(restoreElectronLaunches(electronRecordsFromBranch(ctx.sessionManager.getBranch()))),
      // restored Electron records that are not provably the wrapper's are reported, never signalled
      Effect.tap((report) =>
        Effect.sync(() => {
          if (report.stale.length > 0 && ctx.hasUI) {
            ctx.ui.notify(
              `agent_browser: ${report.stale.length} earlier Electron launch(es) are not provably this wrapper's ` +
                `and were left alone: ${report.stale.map((s) => s.launchId).join(", ")}`,
              "warning"
            )
          }
        })
      ),
      Effect.asVoid,
      Effect.catchAllCause((cause) => Effect.logWarning("restoring the session from the branch failed", cause))
    )
  )

/** How long cleanup may take before the person is told what quit is waiting for. */
export const SLOW_CLEANUP_MS = 1000

/** Runs `work`; when it takes longer than a second, says what it is waiting for, then how long it took. */
export const saidWhenSlow = async (
  say: ((line: string) => void) | undefined,
  what: string,
  work: () => Promise<void>
): Promise<void> => {
  const started = Date.now()
  let announced = false
  const timer =
    say === undefined
      ? undefined
      : setTimeout(() => {
          announced = true
          say(`agent_browser: ${what} (waiting for the browser to close and its processes to end)…`)
        }, SLOW_CLEANUP_MS)
  try {
    await work()
  } finally {
    if (timer !== undefined) clearTimeout(timer)
    if (announced) say?.(`agent_browser: done in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  }
}

export const registerHooks = (pi: ExtensionAPI, runtime: Runtime): void => {
  pi.on("session_start", async (_event, ctx) => {
    await restore(runtime, ctx)
  })
  pi.on("session_tree", async (_event, ctx) => {
    await restore(runtime, ctx)
  })
  pi.on("session_compact", async () => {
    await runtime.runPromise(forgetShownSnapshots).catch(ignoreDisposed)
  })
  pi.on("tool_result", (event) => toolResultPatch(event))
  // each user prompt replaces the close guard's requirements (none when it names no screenshot path)
  pi.on("before_agent_start", async (event, ctx) => {
    await runtime
      .runPromise(
        requirePromptArtifacts(promptArtifactPaths(promptOf(event), ctx.cwd)).pipe(
          Effect.catchAllCause((cause) =>
            Effect.logWarning("the prompt's screenshot requirements were not recorded", cause)
          )
        )
      )
      .catch(ignoreDisposed)
  })
  pi.registerCommand("agent-browser-doctor", {
    description:
      "Check agent-browser, the browser, ffmpeg, duplicate package sources and the security policy (read-only)",
    handler: async (_args, ctx) => {
      const checks = await runtime.runPromise(runDoctor(ctx.cwd))
      const failed = checks.filter((c) => c.status === "fail").length
      const warned = checks.filter((c) => c.status === "warn").length
      // the report stays in the session (a notification vanishes when the screen redraws); the model may read it too
      pi.sendMessage({
        customType: DOCTOR_MESSAGE,
        content: `agent-browser doctor\n${formatDoctor(checks)}`,
        display: true,
        details: { checks }
      })
      ctx.ui.notify(
        failed + warned === 0
          ? "agent-browser doctor: all checks passed"
          : `agent-browser doctor: ${failed} failed, ${warned} warning(s); the report is above`,
        failed > 0 ? "error" : warned > 0 ? "warning" : "info"
      )
    }
  })
  pi.on("session_shutdown", async (event, ctx) => {
    // pi has stopped its screen when quit runs this: a cleanup that takes a while says so on the terminal itself
    const say = ctx?.hasUI === true ? (line: string) => void process.stderr.write(`${line}\n`) : undefined
    await saidWhenSlow(say, "closing the browser this pi session opened", async () => {
      // Quit ends every browser the wrapper owns; reload/resume/fork keep the one the branch follows for the next
      // extension instance and close the rest, which nothing would follow any more.
      await runtime
        .runPromise(
          (event.reason === "quit" ? closeOwnedBrowser() : closeOrphanedBrowsers()).pipe(
            Effect.catchAllCause((cause) => Effect.logWarning("closing the browsers this runtime owns failed", cause))
          )
        )
        .catch(ignoreDisposed)
      // Electron: reload/resume/fork hand the branch's active launches on and clean the others; quit leaves it to
      // disposal (the host's scope cleans every launch it still owns).
      if (event.reason !== "quit") {
        await runtime
          .runPromise(
            handOverElectronLaunches(electronRecordsFromBranch(ctx?.sessionManager.getBranch() ?? [])).pipe(
              Effect.catchAllCause((cause) => Effect.logWarning("handing Electron launches over failed", cause))
            )
          )
          .catch(ignoreDisposed)
      }
      await runtime.dispose()
    })
  })
}
