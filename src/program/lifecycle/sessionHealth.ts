/**
 * The health of a session's browser around one call, in one place: before it, a tab remembered crashed is asked again
 * (pageHealth.ts), a dialog remembered blocking the page before a command that would wait it out (blockingDialog.ts),
 * a lost browser this tool launched and a lost attached browser (both below) are said;
 * after it, the browser's identity is recorded, and a browser lost during the call fails it.
 */

import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import type { EndpointLoss } from "../../domain/Endpoint.js"
import type { Plan } from "../../domain/Plan.js"
import type { Recovery } from "../../schema/RecoveryDetails.js"
import { StaleRef, UpstreamFailed } from "../../schema/ToolError.js"
import { BrowserEndpoints } from "../../services/BrowserEndpoints.js"
import {
  type BrowserLoss,
  BrowserProcesses,
  isLossNotChecked,
  type LossNotChecked
} from "../../services/BrowserProcesses.js"
import { OsProcesses } from "../../services/OsProcesses.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import { ToolConfig, type ToolConfigShape } from "../../services/ToolConfig.js"
import { describeEndpointLoss } from "../../session/endpointLoss.js"
import { refsIn } from "../../session/refPreflight.js"
import { isOpening } from "../../upstream/commandEffects.js"
import { isClose } from "../../upstream/commandPolicy.js"
import { socketDirOf } from "../../upstream/sessionFiles.js"
import { observeDaemon } from "../refs/refTracking.js"
import { dialogBeforeRun } from "./blockingDialog.js"
import { crashedBeforeRun } from "./pageHealth.js"
import { attachedEndpointOf } from "./sessionEndpoint.js"

/**
 * Before a call: a crashed tab or a lost browser refused, or the recovery a page-independent command reports. What
 * the session remembers decides which checks are entered: a tab a call found crashed, a dialog a call left blocking.
 */
export const guardHealth = (plan: Plan) =>
  Effect.gen(function* () {
    const session = plan.kind === "browser" ? plan.sessionName : undefined
    const remembered = session !== undefined ? yield* (yield* SessionRegistry).view(session) : undefined
    const crashed = remembered?.crashedTab !== undefined ? yield* crashedBeforeRun(plan) : undefined
    if (crashed !== undefined) return yield* crashed
    const dialog = remembered?.blockingDialog !== undefined ? yield* dialogBeforeRun(plan) : undefined
    if (dialog !== undefined) return yield* dialog
    return (yield* guardBrowser(plan)) ?? (yield* guardAttached(plan))
  })

/** After a call: the session's browser recorded; lost during the call, the call fails. */
export const trackHealth = (plan: Plan) => Effect.zipRight(trackBrowser(plan), trackAttached(plan))

/**
 * The browsers this tool starts (managed and fresh sessions) are tracked by process identity: recorded after each
 * call, checked before the next. A browser that went away in between (daemon or Chromium killed, crashed) is
 * cleaned up and said, never answered as a silent `about:blank` success: the call fails with `browser_lost` (or a
 * stale ref, when it used refs from the lost browser) and nothing runs; the next call starts a new browser.
 */
/** The session and socket dir of a call whose browser this tool owns, if it is one. */
const ownedTarget = (plan: Plan, config: ToolConfigShape) => {
  if (plan.kind !== "browser" || plan.sessionName === undefined) return undefined
  if (plan.sessionRole !== "managed" && plan.sessionRole !== "fresh") return undefined
  return { session: plan.sessionName, socketDir: socketDirOf(config, plan.env) }
}

const what = (loss: BrowserLoss): string =>
  loss.reason === "daemon-exited"
    ? `its agent-browser daemon (pid ${loss.daemonPid}) exited` +
      (loss.browserPid !== undefined ? ` and its Chromium (pid ${loss.browserPid}) was ended` : "")
    : `its Chromium (pid ${loss.browserPid ?? "?"}) exited`

/** `; the last page was <url>` when the session knew its page. */
const lastPage = (url: string | undefined): string => (url !== undefined ? `; the last page was ${url}` : "")

export const lostBrowserError = (
  plan: Plan,
  loss: BrowserLoss,
  when: "since the last call" | "during this call" = "since the last call"
): StaleRef | UpstreamFailed => {
  const ref = refsIn(plan.line.positionals)[0]
  const gone = `The browser of session ${loss.session} was lost ${when}: ${what(loss)}.`
  if (ref !== undefined) {
    return new StaleRef({
      ref,
      reason: "browser-gone",
      detail:
        `@${ref} came from a browser that is gone (${what(loss)}); ` +
        "a new browser starts on about:blank and numbers refs from e1"
    })
  }
  return new UpstreamFailed({
    detail:
      `${gone} Its page, tabs, cookies and refs are gone; its leftovers were cleaned up. ` +
      (when === "during this call"
        ? "Upstream answered from a new browser, so the answer is not about the old page."
        : "Nothing ran.") +
      ` The next call starts a new browser on about:blank${lastPage(loss.lastUrl)}.`,
    code: "browser_lost",
    browserLost: { reason: loss.reason, ...(loss.lastUrl !== undefined ? { lastUrl: loss.lastUrl } : {}) },
    data: {
      reason: loss.reason,
      ...(loss.lastUrl !== undefined ? { lastUrl: loss.lastUrl } : {}),
      reaped: loss.reaped
    },
    stderr: "",
    exitCode: null
  })
}

/**
 * Commands that need nothing of the lost browser: open/goto/navigate, `tab new` and close. They run in the browser
 * upstream starts in its place (the plan re-sends the session's launch flags), and the result says so.
 */
export const isPageIndependent = (line: Plan["line"]): boolean =>
  isClose(line) || isOpening(line.command) || (line.command === "tab" && line.subcommand === "new")

/** The flag names a relaunch reuses (values are the caller's and may be secret; the names say enough). */
const flagNames = (flags: ReadonlyArray<string>): ReadonlyArray<string> => [
  ...new Set(flags.filter((t) => t.startsWith("-")).map((t) => t.split("=")[0] ?? t))
]

export const relaunchedRecovery = (plan: Plan, loss: BrowserLoss, durationMs: number): Recovery => {
  const flags = flagNames(plan.launchFlags)
  return {
    kind: "browser-relaunched",
    summary:
      `the browser of session ${loss.session} was lost since the last call (${what(loss)}); ` +
      "its leftovers were cleaned up and this command ran in a new browser" +
      (flags.length > 0 ? ` started with the same launch flags (${flags.join(" ")})` : "") +
      `. The old page, tabs, cookies and refs are gone${lastPage(loss.lastUrl)}.`,
    durationMs
  }
}

const notCheckedNote = (loss: LossNotChecked): Recovery => ({
  kind: "loss-not-checked",
  summary:
    `whether the browser of session ${loss.session} is still running cannot be checked (${loss.notChecked}), ` +
    "so a lost browser would not be noticed; /agent-browser-doctor shows the process table."
})

/**
 * Before a call: a lost browser is reaped and said. A page-independent command (open, tab new, close) goes ahead in
 * a new browser and gets the recovery to report; any other command is refused (its page is gone): the next call
 * starts a new browser.
 */
export const guardBrowser = (plan: Plan) =>
  Effect.gen(function* () {
    const config = yield* ToolConfig
    const target = ownedTarget(plan, config)
    if (target === undefined) return undefined
    const started = yield* Clock.currentTimeMillis
    const loss = yield* (yield* BrowserProcesses).check(target.socketDir, target.session)
    if (loss === undefined) return undefined
    if (isLossNotChecked(loss)) return notCheckedNote(loss)
    if (!isPageIndependent(plan.line) || refsIn(plan.line.positionals).length > 0)
      return yield* lostBrowserError(plan, loss)
    return isClose(plan.line) ? undefined : relaunchedRecovery(plan, loss, (yield* Clock.currentTimeMillis) - started)
  })

/**
 * Whether the browser this tool launched for the session is gone since its last call (its recorded daemon or browser
 * no longer runs). Read only: `guardBrowser` reaps and says the loss, under the session's cross-process lock.
 */
export const browserGoneSince = (plan: Plan) =>
  Effect.gen(function* () {
    const target = ownedTarget(plan, yield* ToolConfig)
    const known = target !== undefined ? yield* (yield* BrowserProcesses).identity(target.session) : undefined
    if (known === undefined) return false
    const os = yield* OsProcesses
    const runs = (pid: number | undefined, startTime: string | undefined) =>
      pid === undefined ? Effect.succeed(true) : os.isAlive({ pid, startTime })
    return !((yield* runs(known.daemonPid, known.daemonStart)) && (yield* runs(known.browserPid, known.browserStart)))
  }).pipe(Effect.catchTag("ProcessTableUnavailable", () => Effect.succeed(false)))

/**
 * After a call: the session's daemon and browser identity, recorded when new. A recorded browser that died during
 * the call (upstream relaunches one silently and answers from it) fails the call rather than pass as a success.
 */
export const trackBrowser = (plan: Plan) =>
  Effect.gen(function* () {
    const config = yield* ToolConfig
    const target = ownedTarget(plan, config)
    if (target === undefined || isClose(plan.line)) return
    const loss = yield* (yield* BrowserProcesses).track(target.socketDir, target.session)
    if (loss !== undefined && !isLossNotChecked(loss)) return yield* lostBrowserError(plan, loss, "during this call")
  })

/**
 * A browser the session is attached to over CDP (`--cdp`, `connect`; a remote pool) has no local process to watch, so
 * its loss is read from its own DevTools endpoint (services/BrowserEndpoints.ts): recorded after each call, checked
 * before the next. Gone, replaced behind the same endpoint, or its tab closed is said, never answered as a silent
 * `about:blank` success. Page-independent commands (open, tab new, close) go ahead in what the endpoint offers now, and
 * say so; a ref is stale; any other command is refused once, with the next action that works for that loss.
 */
export const attachedLostError = (
  plan: Plan,
  loss: EndpointLoss,
  when: "since the last call" | "during this call" = "since the last call"
): StaleRef | UpstreamFailed => {
  const what = describeEndpointLoss(loss)
  const ref = refsIn(plan.line.positionals)[0]
  if (ref !== undefined)
    return new StaleRef({
      ref,
      reason: "attached-browser-gone",
      detail:
        `@${ref} came from an attached browser that is gone (${what}); ` +
        "take snapshot -i for refs of the page there now"
    })
  const next =
    loss.reason === "unreachable"
      ? 'Until something answers there again, only a browser of this tool\'s own (sessionMode "fresh") can continue.'
      : "The next call runs in what the endpoint offers now (about:blank)."
  return new UpstreamFailed({
    detail:
      `The browser session ${loss.session} is attached to was lost ${when}: ${what}. ` +
      "Its page, tabs and refs are gone. " +
      (when === "during this call"
        ? "Upstream answered from what the endpoint offers now, so the answer is not about the old page."
        : "Nothing ran.") +
      ` ${next}${loss.lastUrl !== undefined ? ` The last page was ${loss.lastUrl}.` : ""}`,
    code: "browser_lost",
    browserLost: {
      reason: `attached-${loss.reason}`,
      endpoint: loss.endpoint,
      ...(loss.lastUrl !== undefined ? { lastUrl: loss.lastUrl } : {})
    },
    data: {
      reason: `attached-${loss.reason}`,
      endpoint: loss.endpoint,
      ...(loss.lastUrl !== undefined ? { lastUrl: loss.lastUrl } : {})
    },
    stderr: "",
    exitCode: null
  })
}

/** Before a call: an attached browser that is gone is said; a page-independent command goes ahead with a note. */
export const guardAttached = (plan: Plan) =>
  Effect.gen(function* () {
    if (plan.kind !== "browser" || plan.sessionName === undefined || plan.line.command === "connect") return undefined
    const started = yield* Clock.currentTimeMillis
    const loss = yield* (yield* BrowserEndpoints).check(plan.sessionName)
    if (loss === undefined) return undefined
    if (!isPageIndependent(plan.line) || refsIn(plan.line.positionals).length > 0)
      return yield* attachedLostError(plan, loss)
    if (isClose(plan.line)) return undefined
    return {
      kind: "attached-browser-replaced",
      summary:
        `the browser session ${loss.session} was attached to is gone (${describeEndpointLoss(loss)}); ` +
        `this command ran in what ${loss.endpoint} offers now. ` +
        "The old page, tabs and refs are gone" +
        `${loss.lastUrl !== undefined ? `; the last page was ${loss.lastUrl}` : ""}.`,
      durationMs: (yield* Clock.currentTimeMillis) - started
    } satisfies Recovery
  })

/**
 * After a call that worked: what answers at the attached endpoint is recorded. A browser that was replaced or went
 * away during the call (upstream reattaches silently and answers from the new one) fails the call, unless the command
 * did not depend on the old page.
 */
export const trackAttached = (plan: Plan) =>
  Effect.gen(function* () {
    const endpoint = yield* attachedEndpointOf(plan)
    if (endpoint === undefined || plan.sessionName === undefined) return
    const endpoints = yield* BrowserEndpoints
    if (isClose(plan.line)) return yield* endpoints.forget(plan.sessionName)
    const observed = yield* observeDaemon(plan)
    const loss = yield* endpoints.record(
      plan.sessionName,
      endpoint,
      observed.targetId,
      observed.url,
      plan.line.command === "tab" || plan.line.command === "window"
    )
    const during = plan.line.command === "connect" ? undefined : loss
    // a closed tab after a call may be the call's own doing (tab close); a replaced or vanished browser is not
    if (during !== undefined && during.reason !== "target-closed" && !isPageIndependent(plan.line))
      return yield* attachedLostError(plan, during, "during this call")
  })
