/**
 * Where a session's browser can be reached over DevTools, and whether the browser recorded there is still the one
 * that answers: pure rules over what the endpoint said (services/BrowserEndpoints.ts does the I/O).
 */
import type { EndpointLoss, EndpointRecord, EndpointView } from "../domain/Endpoint.js"

/**
 * The HTTP base of a `--cdp` / `connect` value: a port (`9222`), `host:port`, or an `http(s)://` / `ws(s)://` URL (its
 * host and port; `ws` → `http`). Undefined for what has no DevTools HTTP side to ask (a provider, a bare path).
 */
export const httpEndpointOf = (value: string | undefined): string | undefined => {
  const v = value?.trim() ?? ""
  if (/^\d{1,5}$/.test(v)) return `http://127.0.0.1:${v}`
  if (/^[\w.-]+:\d{1,5}$/.test(v)) return `http://${v}`
  const m = /^(wss?|https?):\/\/([^/?#]+)/i.exec(v)
  if (m === null) return undefined
  const secure = /^(wss|https)$/i.test(m[1] ?? "")
  // credentials in the authority (`wss://user:token@host`) never reach an endpoint the tool names in its text
  const host = (m[2] ?? "").slice((m[2] ?? "").lastIndexOf("@") + 1)
  return `${secure ? "https" : "http"}://${host}`
}

/** The browser id in a `/json/version` WebSocket URL (`ws://h:p/devtools/browser/<id>`). */
export const browserIdOf = (webSocketUrl: string): string | undefined =>
  /\/devtools\/browser\/([^/?#]+)/.exec(webSocketUrl)?.[1]

/** The loss a recorded browser shows in what its endpoint answers now (undefined: still the same, tab there). */
export const endpointLossOf = (
  session: string,
  recorded: EndpointRecord,
  now: EndpointView | undefined
): EndpointLoss | undefined => {
  if (recorded.browserId === undefined) return undefined
  const base = {
    session,
    endpoint: recorded.endpoint,
    ...(recorded.url !== undefined ? { lastUrl: recorded.url } : {})
  }
  if (now === undefined) return { ...base, reason: "unreachable" }
  if (now.browserId !== recorded.browserId) return { ...base, reason: "replaced" }
  if (recorded.targetId !== undefined && !now.targets.some((t) => t.id === recorded.targetId))
    return { ...base, reason: "target-closed" }
  return undefined
}

/**
 * Behind an endpoint that does not name its browser (a pool hands each connection a browser of its own, so its
 * `/json/version` says nothing about the session's): the session's tab, as the daemon records it, was replaced by a
 * blank one during the call. Upstream reconnects to the pool silently and answers from a new browser's `about:blank`;
 * the daemon's tab id is then new. A tab command may switch tabs on purpose and is not judged.
 */
export const tabLossOf = (
  session: string,
  recorded: EndpointRecord | undefined,
  now: { readonly targetId?: string | undefined; readonly url?: string | undefined },
  tabCommand: boolean
): EndpointLoss | undefined => {
  if (tabCommand || recorded === undefined || recorded.browserId !== undefined || recorded.targetId === undefined)
    return undefined
  if (
    now.targetId === undefined ||
    now.targetId === recorded.targetId ||
    (now.url !== undefined && now.url !== "" && now.url !== "about:blank")
  )
    return undefined
  return {
    session,
    endpoint: recorded.endpoint,
    reason: "replaced",
    ...(recorded.url !== undefined && recorded.url !== "" ? { lastUrl: recorded.url } : {})
  }
}

/** One sentence: what happened to the attached browser. */
export const describeEndpointLoss = (loss: EndpointLoss): string =>
  loss.reason === "unreachable"
    ? `nothing answers at its DevTools endpoint ${loss.endpoint} any more`
    : loss.reason === "replaced"
      ? `another browser answers at its DevTools endpoint ${loss.endpoint} now ` +
        "(the one it was attached to ended, e.g. a pool's session timeout or an operator kill)"
      : `its tab was closed in the browser at ${loss.endpoint}`
