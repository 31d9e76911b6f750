/**
 * Trusted input the tool sends itself, where upstream 0.41 has no command for it: CDP `Input.dispatchMouseEvent`
 * (with `modifiers`, `button` and `clickCount`) and `Input.dispatchDragEvent` (with files read by the browser from
 * disk, or text) on the session's own tab, over the browser's DevTools endpoint (the one health checks read). An
 * element's point is the centre of its box after upstream scrolled it into view, in the same upstream process.
 * Refused (`validation-error`, with the closest working command) where the tab cannot be reached that way.
 */
import * as Effect from "effect/Effect"
import type { Plan } from "../../domain/Plan.js"
import type { SessionTarget } from "../../domain/SessionTarget.js"
import { InvalidInput, SelectorNotFound, UpstreamFailed } from "../../schema/ToolError.js"
import { BrowserEndpoints } from "../../services/BrowserEndpoints.js"
import { SessionCommands } from "../../services/SessionCommands.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import { observeDaemon } from "../refs/refTracking.js"
import { browserEndpointOf } from "../session/sessionEndpoint.js"

const CDP_TIMEOUT_MS = 3_000

type Rows = ReadonlyArray<ReadonlyArray<string>>

export interface CdpInput {
  readonly method: string
  readonly params: Readonly<Record<string, unknown>>
}

const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined)

const failed = (detail: string) => new UpstreamFailed({ detail, stderr: "", exitCode: null })

/**
 * Scrolls the element into view and reads its box in one upstream process (plus `extra` rows after, e.g. a page
 * recorder): the centre of the box, in viewport CSS pixels, and the extra rows' results. A failed row keeps its error.
 */
export const elementPoint = (target: SessionTarget, selector: string, timeoutMs: number, extra: Rows = []) =>
  Effect.gen(function*() {
    const steps = [["scrollintoview", selector], ["get", "box", selector], ...extra]
    const rows = yield* (yield* SessionCommands).batch(target, steps, { timeoutMs, failFast: true })
    for (const row of rows) if (!row.success) return yield* row.error
    const box = (rows[1]?.success === true ? rows[1].result : undefined) as Record<string, unknown> | undefined
    const [x, y, width, height] = [num(box?.["x"]), num(box?.["y"]), num(box?.["width"]), num(box?.["height"])]
    if (x === undefined || y === undefined || width === undefined || height === undefined) {
      return yield* failed(`get box ${selector} answered no box, so nothing was dispatched.`)
    }
    if (width <= 0 || height <= 0) {
      const detail = `${selector} has an empty box (${width}×${height}), so nothing was dispatched at it.`
      return yield* new SelectorNotFound({ selector, reason: "hidden", detail })
    }
    return { point: { x: Math.round(x + width / 2), y: Math.round(y + height / 2) }, extra: rows.slice(2) }
  })

/** The WebSocket of the session's own tab, or the refusal naming what is not supported and what works instead. */
export const tabSocket = (plan: Plan, alternative: string) =>
  Effect.gen(function*() {
    const refuse = (why: string) => {
      const detail = `${why}, so the tool cannot send this input; nothing was sent. Instead: ${alternative}`
      return new InvalidInput({ field: "args", detail })
    }
    const { endpoint } = yield* browserEndpointOf(plan)
    if (endpoint === undefined) return yield* refuse("the session's browser has no DevTools endpoint the tool reaches")
    const view = yield* (yield* BrowserEndpoints).inspect(endpoint, CDP_TIMEOUT_MS)
    const pages = (view?.targets ?? []).filter((t) => t.type === "page" && t.webSocketDebuggerUrl !== undefined)
    const targetId = (yield* observeDaemon(plan)).targetId
    const page = pages.find((t) => t.id === targetId) ?? (pages.length === 1 ? pages[0] : undefined)
    if (page?.webSocketDebuggerUrl === undefined) {
      return yield* refuse(`the session's tab is not among the pages its DevTools endpoint lists (${endpoint})`)
    }
    return { socket: page.webSocketDebuggerUrl, endpoint }
  })

/** CDP commands in order on the tab; the first that gets no answer fails the call, saying how many were sent. */
export const sendInput = (socket: string, commands: ReadonlyArray<CdpInput>) =>
  Effect.gen(function*() {
    const endpoints = yield* BrowserEndpoints
    for (const [index, { method, params }] of commands.entries()) {
      const answer = yield* endpoints.command(socket, method, params, CDP_TIMEOUT_MS)
      if (answer !== undefined) continue
      const type = typeof params["type"] === "string" ? ` ${params["type"]}` : ""
      const delivered = index === 0 ? "nothing was dispatched" : "the input may have been only partly delivered"
      const which = `${method}${type} (event ${index + 1} of ${commands.length})`
      return yield* failed(`the browser did not answer ${which}; ${delivered}.`)
    }
  })

/** `button "Edit"` for a ref the latest snapshot named; undefined for selectors and refs it did not name. */
export const describedRef = (plan: Plan, selector: string) =>
  Effect.gen(function*() {
    const ref = /^@?(e\d+)$/.exec(selector)?.[1]
    if (ref === undefined || plan.sessionName === undefined) return undefined
    const info = (yield* (yield* SessionRegistry).refSnapshotOf(plan.sessionName))?.refs.get(ref)
    return info !== undefined ? `${info.role}${info.name !== "" ? ` ${JSON.stringify(info.name)}` : ""}` : undefined
  })
