/**
 * The doctor's browser check: which browser a call would launch (and what chose it), and whether it starts. The
 * start is upstream's own launch test (`doctor --offline`, which launches headless and cleans up after itself), and
 * its failure is read by the same classifier and explained by the same advice as a failed call.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs"
import { join } from "node:path"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import { launchAdvice } from "../../presenters/text/launchAdvice.js"
import { SessionCommands } from "../../services/SessionCommands.js"
import { ToolConfig } from "../../services/ToolConfig.js"
import { classifyErrorText } from "../../upstream/classifyErrorText.js"
import { browserChoice, type BrowserChoice, withChoice } from "../../upstream/launchFailure.js"

export interface DoctorCheck {
  readonly id: string
  readonly status: "pass" | "warn" | "fail" | "info"
  readonly message: string
  readonly fix?: string
}

/** Upstream's launch test takes about 2 s; a wedged one gets this long. */
const LAUNCH_TEST_TIMEOUT_MS = 45_000

const named = (choice: BrowserChoice, fallback: string | undefined): string =>
  choice.executablePath !== undefined
    ? `${choice.executablePath} (from ${choice.executableSource})`
    : fallback !== undefined
      ? `${fallback} (agent-browser's default search)`
      : "agent-browser's default search"

interface UpstreamCheck {
  readonly id?: unknown
  readonly status?: unknown
  readonly message?: unknown
}

/** The browser check: named, then launched once by upstream's own test when `launchTest` is on. */
export const browserCheck = (fallback: string | undefined, launchTest: boolean) =>
  Effect.gen(function* () {
    const config = yield* ToolConfig
    const choice = browserChoice(undefined, config.env)
    const name = named(choice, fallback)
    if (choice.endpoint !== undefined)
      return {
        id: "browser",
        status: "info",
        message: `browser: remote at ${choice.endpoint} (AGENT_BROWSER_CDP); launch not tested`
      } satisfies DoctorCheck
    const path = choice.executablePath ?? fallback
    const staticCheck: DoctorCheck =
      path !== undefined && existsSync(path)
        ? { id: "browser", status: "pass", message: `browser ${name}` }
        : {
            id: "browser",
            status: "fail",
            message: path !== undefined ? `browser ${name}: no such file` : "no Chrome/Chromium found",
            fix:
              "Debian: apt-get install -y chromium; elsewhere install Chrome or run agent-browser install; " +
              "or set AGENT_BROWSER_EXECUTABLE_PATH (or config browser.executablePath)"
          }
    if (!launchTest) return staticCheck
    const commands = yield* SessionCommands
    // upstream's launch test leaves a `doctor-*.target` file in its socket folder: give it a folder of its own, removed
    // after
    const ran = yield* Effect.acquireUseRelease(
      Effect.sync(() => {
        mkdirSync(config.socketDir, { recursive: true, mode: 0o700 })
        return mkdtempSync(join(config.socketDir, "doctor-"))
      }),
      (folder) =>
        Effect.either(
          commands.run(
            { prefix: [], env: { AGENT_BROWSER_SOCKET_DIR: folder }, cwd: undefined, kind: "sessionless" },
            ["doctor", "--offline", "--json"],
            { timeoutMs: LAUNCH_TEST_TIMEOUT_MS }
          )
        ),
      (folder) => Effect.sync(() => rmSync(folder, { recursive: true, force: true }))
    )
    // agent-browser itself missing is the agent-browser check's finding
    if (Either.isLeft(ran) || ran.right.kind !== "single") return staticCheck
    const checks = ((ran.right.data as { checks?: unknown } | null)?.checks ?? []) as ReadonlyArray<UpstreamCheck>
    const failed = checks.find((c) => c.id === "launch.launch" && c.status === "fail")
    if (failed === undefined) {
      const elapsed = checks.find((c) => c.id === "launch.elapsed")
      return elapsed === undefined
        ? staticCheck
        : ({
            id: "browser",
            status: "pass",
            message: `browser ${name} starts (${String(elapsed.message)})`
          } satisfies DoctorCheck)
    }
    const message = String(failed.message ?? "").replace(/^Browser launch failed: /, "")
    const error = classifyErrorText(message, { stderr: "", exitCode: null })
    if (error._tag !== "UpstreamFailed" || error.launch === undefined) {
      return {
        id: "browser",
        status: "fail",
        message: `browser ${name} does not start: ${message.split("\n")[0] ?? ""}`,
        fix: "run agent-browser doctor --offline for details"
      } satisfies DoctorCheck
    }
    const launch = withChoice(error.launch, choice)
    const advice = launchAdvice(launch)
    // the advice names the executable and what chose it, when it knows them
    const subject = launch.executablePath !== undefined ? "browser" : `browser ${name}`
    return {
      id: "browser",
      status: "fail",
      message: `${subject} does not start: ${advice.problem}`,
      fix: advice.fix
    } satisfies DoctorCheck
  })
