/**
 * After a mutation in a session attached to a wrapper-launched app: is the app still there? A dead process or debug
 * port, or only `about:blank` page targets left, turns the call into `tab-drift` with the launch's status, because
 * a desktop app that crashed or lost its window cannot be recovered by retrying the command.
 */
import * as Effect from "effect/Effect"
import type { ElectronHealthReport } from "../../domain/ElectronReport.js"
import type { Executed } from "../../domain/Executed.js"
import type { Plan } from "../../domain/Plan.js"
import { TabDrift } from "../../schema/ToolError.js"
import { ElectronHost } from "../../services/ElectronHost.js"
import { isClose } from "../../upstream/commandPolicy.js"
import { actsOnApp } from "../../upstream/commandEffects.js"

/** Commands that can change or end what an app shows (element actions, navigation, input, scripts, batches). */

const isMutation = (plan: Plan): boolean =>
  plan.compiled.mode === "semanticAction" ||
  plan.compiled.mode === "job" ||
  (actsOnApp(plan.line.command) &&
    !isClose(plan.line) &&
    !(plan.line.command === "tab" && plan.line.subcommand === "list"))

export interface HealthVerdict {
  readonly report: ElectronHealthReport
  readonly error: TabDrift
}

export const electronPostCommandHealth = (plan: Plan, executed: Executed) =>
  Effect.gen(function* () {
    if (plan.sessionName === undefined || !isMutation(plan)) return undefined
    const host = yield* ElectronHost
    const record = (yield* host.records).find((r) => r.sessionName === plan.sessionName && r.cleanupState === "active")
    if (record === undefined) return undefined
    const status = yield* host.probe(record.launchId).pipe(
      Effect.tapErrorCause((cause) =>
        Effect.logDebug("Electron probe after a command failed: no health report", cause)
      ),
      Effect.orElseSucceed(() => undefined)
    )
    if (status === undefined) return undefined
    const pages = status.targets.filter((t) => t.type === "page")
    const reason: ElectronHealthReport["reason"] | undefined = !status.pidAlive
      ? "process-dead"
      : !status.portAlive
        ? "debug-port-dead"
        : pages.length > 0 && pages.every((t) => t.url === "about:blank")
          ? "about-blank"
          : undefined
    if (reason === undefined) return undefined
    const expectedUrl = executed.navigation?.url ?? record.appName
    const verdict: HealthVerdict = {
      report: {
        action: "post-command-health",
        launchId: record.launchId,
        sessionName: plan.sessionName,
        reason,
        status
      },
      error: new TabDrift({ expectedUrl, observedUrl: reason === "about-blank" ? "about:blank" : `no app (${reason})` })
    }
    return verdict
  })
