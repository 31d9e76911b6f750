/**
 * A page that does not answer DevTools after a watchdog timeout may be held by a JavaScript dialog (a confirm or prompt
 * the action opened: upstream's key waits on it about 30 s), not by a script that never returns. A fresh DevTools
 * connection cannot see the dialog (Chromium 156: `Page.enable` on it does not replay `Page.javascriptDialogOpening`,
 * and every page command waits), so two things are asked: the browser target whether the renderers are idle
 * (`SystemInfo.getProcessInfo`, twice; a script that never returns keeps one busy), and, when they are, upstream's
 * `dialog status` once the session answers again (after its own command timed out). Said with the dialog's words;
 * the browser is then neither reloaded nor ended (hungPage.ts).
 */
import * as Effect from "effect/Effect"
import type { Plan } from "../../domain/Plan.js"
import { BrowserEndpoints } from "../../services/BrowserEndpoints.js"
import type { SessionCommands } from "../../services/SessionCommands.js"
import { rendererCpuOf, renderersBusy } from "../../session/rendererLoad.js"
import type { TimedOut } from "../../schema/ToolError.js"
import { type OpenDialog, UPSTREAM_CDP_TIMEOUT_MS } from "../../upstream/dialogStatus.js"
import { openDialogNow } from "./blockingDialog.js"

const CDP_TIMEOUT_MS = 2_000
/** Between the two reads of the renderers' CPU time (its resolution is 10 ms). */
const SAMPLE_MS = 600
/** The least `dialog status` is given, and the margin after upstream's own command timeout. */
const STATUS_MIN_MS = 5_000
const STATUS_MARGIN_MS = 3_000

/** The browser target's WebSocket at an HTTP endpoint (`/json/version` names it by the browser's id). */
const browserSocketOf = (endpoint: string, browserId: string): string =>
  `${endpoint.replace(/^http/, "ws")}/devtools/browser/${browserId}`

/** Whether the browser's renderers are busy now; undefined when the browser did not answer. */
export const busyNow = (endpoint: string, browserId: string) =>
  Effect.gen(function* () {
    const endpoints = yield* BrowserEndpoints
    const socket = browserSocketOf(endpoint, browserId)
    const read = endpoints.command(socket, "SystemInfo.getProcessInfo", {}, CDP_TIMEOUT_MS)
    const before = rendererCpuOf(yield* read)
    yield* Effect.sleep(SAMPLE_MS)
    return renderersBusy(before, rendererCpuOf(yield* read), SAMPLE_MS)
  })

/** Why the session's page is silent: its renderers busy (or unknown), or idle and a dialog holding it (if one does). */
export interface SilentPage {
  readonly busy: boolean | undefined
  readonly dialog?: OpenDialog
}

/**
 * Why the session's silent page is silent; the dialog is asked only when the renderers are idle. A `page-busy` timeout
 * saw them busy already (pageHealth.ts). `timeoutMs`: the budget that ran out (upstream's command has run at least that
 * long, so its own timeout comes sooner).
 */
export const silentPageCause = (
  plan: Plan,
  endpoint: string,
  browserId: string,
  error: TimedOut
): Effect.Effect<SilentPage, never, SessionCommands | BrowserEndpoints> =>
  Effect.gen(function* () {
    const busy = error.reason === "page-busy" ? true : yield* busyNow(endpoint, browserId)
    if (busy !== false) return { busy }
    const budget = Math.max(STATUS_MIN_MS, UPSTREAM_CDP_TIMEOUT_MS + STATUS_MARGIN_MS - error.timeoutMs)
    const dialog = yield* openDialogNow(plan, budget)
    return { busy, ...(dialog !== undefined ? { dialog } : {}) }
  })
