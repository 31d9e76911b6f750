/**
 * BrowserEndpointsLive: a browser's DevTools HTTP side (`/json/version`, `/json/list`) and one CDP command over a
 * tab's WebSocket, both through the one DevTools client (`layers/cdp/`), and the per-session record of which browser
 * answered.
 * Every request has its own timeout; nothing here knows a process id.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Ref from "effect/Ref"
import type { EndpointRecord, EndpointTarget, EndpointView } from "../domain/Endpoint.js"
import { BrowserEndpoints } from "../services/BrowserEndpoints.js"
import { browserIdOf, endpointLossOf, tabLossOf } from "../session/endpointLoss.js"
import { cdpTargetsAt, cdpVersionAt, localEndpoint, readDevToolsActivePort } from "./cdp/cdpClient.js"
import { cdpCommand, cdpExchange } from "./cdp/cdpCommand.js"

/** A live endpoint answers in milliseconds; one that does not within this is treated as gone. */
const INSPECT_TIMEOUT_MS = 2_000

const inspect = (endpoint: string, timeoutMs: number) =>
  Effect.gen(function* () {
    const version = yield* Effect.option(cdpVersionAt(endpoint, timeoutMs))
    const browserId = Option.isSome(version) ? browserIdOf(version.value.webSocketDebuggerUrl) : undefined
    if (browserId === undefined) return undefined
    const list = yield* Effect.option(cdpTargetsAt(endpoint, timeoutMs))
    const targets = Option.getOrElse(list, () => []).map(
      ({ id, type, url, webSocketDebuggerUrl }): EndpointTarget => ({
        id,
        type,
        url,
        ...(webSocketDebuggerUrl !== undefined ? { webSocketDebuggerUrl } : {})
      })
    )
    return { browserId, targets } satisfies EndpointView
  })

/** The endpoint a profile's `DevToolsActivePort` names. */
const portIn = (profileDir: string): string | undefined => {
  const file = readDevToolsActivePort(profileDir)
  return typeof file === "object" ? localEndpoint(file.port) : undefined
}

export const BrowserEndpointsLive = Layer.effect(
  BrowserEndpoints,
  Effect.gen(function* () {
    const records = yield* Ref.make<ReadonlyMap<string, EndpointRecord>>(new Map())
    const put = (session: string, record: EndpointRecord) =>
      Ref.update(records, (m) => new Map([...m, [session, record]]))
    return BrowserEndpoints.of({
      inspect,
      command: (webSocketUrl, method, params, timeoutMs, before) =>
        Effect.promise((signal) => cdpCommand(webSocketUrl, method, params, timeoutMs, signal, before)),
      crashed: (webSocketUrl, timeoutMs) =>
        Effect.map(
          Effect.promise((signal) => cdpExchange(webSocketUrl, "Inspector.enable", {}, timeoutMs, signal)),
          (answer) => (answer === undefined ? undefined : answer.events.includes("Inspector.targetCrashed"))
        ),
      inProfile: (profileDir) => Effect.sync(() => portIn(profileDir)),
      record: (session, endpoint, targetId, url, tabCommand = false) =>
        Effect.gen(function* () {
          const before = (yield* Ref.get(records)).get(session)
          const now = yield* inspect(endpoint, INSPECT_TIMEOUT_MS)
          // an endpoint that names no browser (a pool): the session's tab is what identifies its browser
          if (now === undefined && before?.browserId === undefined) {
            const loss =
              before?.endpoint === endpoint ? tabLossOf(session, before, { targetId, url }, tabCommand) : undefined
            // the daemon's tab file may hold no URL yet: the page last seen on the same tab stays its URL
            const page = url !== undefined && url !== "" ? url : targetId === before?.targetId ? before?.url : undefined
            yield* put(session, {
              endpoint,
              ...(targetId !== undefined ? { targetId } : {}),
              ...(page !== undefined ? { url: page } : {})
            })
            return loss
          }
          const loss =
            before !== undefined && before.endpoint === endpoint ? endpointLossOf(session, before, now) : undefined
          if (now !== undefined)
            yield* put(session, {
              endpoint,
              browserId: now.browserId,
              ...(targetId !== undefined ? { targetId } : {}),
              ...(url !== undefined ? { url } : {})
            })
          else if (loss !== undefined) yield* put(session, { endpoint })
          return loss
        }),
      endpointOf: (session) => Effect.map(Ref.get(records), (m) => m.get(session)?.endpoint),
      check: (session) =>
        Effect.gen(function* () {
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
