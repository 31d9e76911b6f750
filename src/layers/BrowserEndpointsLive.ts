/**
 * BrowserEndpointsLive: a browser's DevTools HTTP side (`/json/version`, `/json/list`) read with fetch, one CDP command
 * over a tab's WebSocket (browserEndpoints/cdpCommand.ts), and the per-session record of which browser answered.
 * Every request has its own timeout; nothing here knows a process id.
 */
import { readFileSync } from "node:fs"
import { join } from "node:path"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Ref from "effect/Ref"
import type { EndpointRecord, EndpointTarget, EndpointView } from "../domain/Endpoint.js"
import { BrowserEndpoints } from "../services/BrowserEndpoints.js"
import { browserIdOf, endpointLossOf, tabLossOf } from "../session/endpointLoss.js"
import { cdpCommand } from "./browserEndpoints/cdpCommand.js"

/** A live endpoint answers in milliseconds; one that does not within this is treated as gone. */
const INSPECT_TIMEOUT_MS = 2_000

const getJson = (url: string, timeoutMs: number) =>
  Effect.tryPromise(async (signal) => {
    const response = await fetch(url, { signal: AbortSignal.any([signal, AbortSignal.timeout(Math.max(1, timeoutMs))]) })
    if (!response.ok) throw new Error(`HTTP ${response.status}`)
    return (await response.json()) as unknown
  }).pipe(Effect.option, Effect.map((o) => (o._tag === "Some" ? o.value : undefined)))

const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined)

const targetsOf = (json: unknown): ReadonlyArray<EndpointTarget> =>
  (Array.isArray(json) ? json : []).flatMap((raw): Array<EndpointTarget> => {
    const t = (raw ?? {}) as Record<string, unknown>
    const id = str(t["id"])
    const type = str(t["type"])
    if (id === undefined || type === undefined) return []
    const ws = str(t["webSocketDebuggerUrl"])
    return [{ id, type, url: str(t["url"]) ?? "", ...(ws !== undefined ? { webSocketDebuggerUrl: ws } : {}) }]
  })

const inspect = (endpoint: string, timeoutMs: number) =>
  Effect.gen(function*() {
    const version = (yield* getJson(`${endpoint}/json/version`, timeoutMs)) as Record<string, unknown> | undefined
    const browserId = browserIdOf(str(version?.["webSocketDebuggerUrl"]) ?? "")
    if (browserId === undefined) return undefined
    const list = yield* getJson(`${endpoint}/json/list`, timeoutMs)
    return { browserId, targets: targetsOf(list) } satisfies EndpointView
  })

/** `DevToolsActivePort`: the port, then the browser's WebSocket path. */
const portIn = (profileDir: string): string | undefined => {
  try {
    const port = Number(readFileSync(join(profileDir, "DevToolsActivePort"), "utf8").split(/\r?\n/)[0]?.trim())
    return Number.isInteger(port) && port > 0 && port < 65_536 ? `http://127.0.0.1:${port}` : undefined
  } catch {
    return undefined
  }
}

export const BrowserEndpointsLive = Layer.effect(
  BrowserEndpoints,
  Effect.gen(function*() {
    const records = yield* Ref.make<ReadonlyMap<string, EndpointRecord>>(new Map())
    const put = (session: string, record: EndpointRecord) => Ref.update(records, (m) => new Map([...m, [session, record]]))
    return BrowserEndpoints.of({
      inspect,
      command: (webSocketUrl, method, params, timeoutMs) => Effect.promise((signal) => cdpCommand(webSocketUrl, method, params, timeoutMs, signal)),
      inProfile: (profileDir) => Effect.sync(() => portIn(profileDir)),
      record: (session, endpoint, targetId, url, tabCommand = false) =>
        Effect.gen(function*() {
          const before = (yield* Ref.get(records)).get(session)
          const now = yield* inspect(endpoint, INSPECT_TIMEOUT_MS)
          // an endpoint that names no browser (a pool): the session's tab is what identifies its browser
          if (now === undefined && before?.browserId === undefined) {
            const loss = before?.endpoint === endpoint ? tabLossOf(session, before, { targetId, url }, tabCommand) : undefined
            // the daemon's tab file may hold no URL yet: the page last seen on the same tab stays its URL
            const page = url !== undefined && url !== "" ? url : targetId === before?.targetId ? before?.url : undefined
            yield* put(session, { endpoint, ...(targetId !== undefined ? { targetId } : {}), ...(page !== undefined ? { url: page } : {}) })
            return loss
          }
          const loss = before !== undefined && before.endpoint === endpoint ? endpointLossOf(session, before, now) : undefined
          if (now !== undefined) yield* put(session, { endpoint, browserId: now.browserId, ...(targetId !== undefined ? { targetId } : {}), ...(url !== undefined ? { url } : {}) })
          else if (loss !== undefined) yield* put(session, { endpoint })
          return loss
        }),
      endpointOf: (session) => Effect.map(Ref.get(records), (m) => m.get(session)?.endpoint),
      check: (session) =>
        Effect.gen(function*() {
          const recorded = (yield* Ref.get(records)).get(session)
          if (recorded?.browserId === undefined) return undefined
          const loss = endpointLossOf(session, recorded, yield* inspect(recorded.endpoint, INSPECT_TIMEOUT_MS))
          if (loss !== undefined) yield* put(session, { endpoint: recorded.endpoint })
          return loss
        }),
      forget: (session) => Ref.update(records, (m) => new Map([...m].filter(([k]) => k !== session)))
    })
  })
)
