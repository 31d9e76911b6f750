/**
 * Trusted input the tool sends itself, where upstream 0.41 has no command for it: CDP `Input.dispatchMouseEvent`
 * (with `modifiers`, `button` and `clickCount`) and `Input.dispatchDragEvent` (with files read by the browser from
 * disk, or text) on the session's own tab, over the browser's DevTools endpoint (the one health checks read). An
 * element's point is the centre of its box after upstream scrolled it into view (one upstream process), once a hit
 * test shows the element there. Refused (`validation-error`, with the closest working command) where the tab cannot
 * be reached that way or the element is not under that point (inside a frame, covered).
 */
import * as Effect from "effect/Effect"
import type { Plan } from "../../domain/Plan.js"
import type { SessionTarget } from "../../domain/SessionTarget.js"
import { InvalidInput, SelectorNotFound, UpstreamFailed } from "../../schema/ToolError.js"
import { BrowserEndpoints } from "../../services/BrowserEndpoints.js"
import { SessionCommands } from "../../services/SessionCommands.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import { type Box, hitOf, hitTestExpression } from "../../page/inputReads.js"
import { observeDaemon } from "../refs/refTracking.js"
import { browserEndpointOf } from "../lifecycle/sessionEndpoint.js"

const CDP_TIMEOUT_MS = 3_000

export interface CdpInput {
  readonly method: string
  readonly params: Readonly<Record<string, unknown>>
}

interface Point {
  readonly x: number
  readonly y: number
}

/** An element's box and the centre input is sent at. */
interface Placed {
  readonly point: Point
  readonly box: Box
}

const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined)

const failed = (detail: string) => new UpstreamFailed({ detail, stderr: "", exitCode: null })

/**
 * Scrolls the element into view and reads its box in one upstream process: the centre of the box, in viewport CSS
 * pixels. A failed row keeps its error.
 */
const elementPoint = (target: SessionTarget, selector: string, timeoutMs: number) =>
  Effect.gen(function* () {
    const steps = [
      ["scrollintoview", selector],
      ["get", "box", selector]
    ]
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
    const point = { x: Math.round(x + width / 2), y: Math.round(y + height / 2) }
    return { point, box: { x, y, width, height } }
  })

/** The value of one expression in the tab's page (CDP `Runtime.evaluate`), when it answers a string. */
export const evaluate = (socket: string, expression: string) =>
  Effect.map(
    Effect.flatMap(BrowserEndpoints, (endpoints) =>
      endpoints.command(socket, "Runtime.evaluate", { expression, returnByValue: true }, CDP_TIMEOUT_MS)
    ),
    (answer) => {
      const result = (answer as { result?: { value?: unknown } } | undefined)?.result
      return typeof result?.value === "string" ? result.value : undefined
    }
  )

/**
 * Before input is sent at an element's centre: the top document's element there must be that element or inside it
 * (page/inputReads.ts). A ref inside a frame (its box is in the frame's coordinates) or a covered element is refused,
 * naming what is there; nothing is sent. An answer the test cannot read is not judged.
 */
const checkReach = (socket: string, selector: string, placed: Placed, alternative: string) =>
  Effect.gen(function* () {
    const hit = hitOf(yield* evaluate(socket, hitTestExpression(placed.box, placed.point)))
    if (hit === undefined || hit.reached) return
    const there = hit.hit !== null ? `<${hit.hit}>` : "nothing"
    return yield* new InvalidInput({
      field: "args",
      detail:
        `at the centre of ${selector}'s box (${placed.point.x}, ${placed.point.y}) the page has ${there}, ` +
        `not ${selector}: ` +
        "it is inside a frame (tool-sent input reaches the top document only) or covered there; nothing was sent. " +
        `Instead: ${alternative}`
    })
  })

/** The element's centre once it is scrolled into view and reachable there (checkReach); refused otherwise. */
export const reachablePoint = (
  target: SessionTarget,
  socket: string,
  selector: string,
  timeoutMs: number,
  alternative: string
) =>
  Effect.gen(function* () {
    const placed = yield* elementPoint(target, selector, timeoutMs)
    yield* checkReach(socket, selector, placed, alternative)
    return placed.point
  })

/** The WebSocket of the session's own tab, or the refusal naming what is not supported and what works instead. */
export const tabSocket = (plan: Plan, alternative: string) =>
  Effect.gen(function* () {
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
  Effect.gen(function* () {
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
  Effect.gen(function* () {
    const ref = /^@?(e\d+)$/.exec(selector)?.[1]
    if (ref === undefined || plan.sessionName === undefined) return undefined
    const info = (yield* (yield* SessionRegistry).refSnapshotOf(plan.sessionName))?.refs.get(ref)
    return info !== undefined ? `${info.role}${info.name !== "" ? ` ${JSON.stringify(info.name)}` : ""}` : undefined
  })
