/**
 * What a browser's DevTools endpoint says, read once: `DevToolsActivePort` (the port, then the browser's WebSocket
 * path, written into the profile folder), `/json/version` and `/json/list`. Pure; the one client that asks is
 * `layers/cdp/cdpClient.ts`.
 */

export interface DevToolsActivePort {
  readonly port: number
  readonly browserPath?: string
}

export const parseDevToolsActivePort = (text: string): DevToolsActivePort | undefined => {
  const [first = "", second] = text.split(/\r?\n/)
  const port = Number(first.trim())
  if (!Number.isInteger(port) || port <= 0 || port > 65_535) return undefined
  const browserPath = second?.trim()
  return browserPath === undefined || browserPath === "" ? { port } : { port, browserPath }
}

const str = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined)

/** `/json/version`: the browser's WebSocket (undefined without one) and its name. */
export interface DevToolsVersion {
  readonly webSocketDebuggerUrl: string
  readonly browser?: string
}

export const devToolsVersionOf = (json: unknown): DevToolsVersion | undefined => {
  const record = (json ?? {}) as Record<string, unknown>
  const ws = str(record["webSocketDebuggerUrl"])
  const browser = str(record["Browser"])
  return ws === undefined ? undefined : { webSocketDebuggerUrl: ws, ...(browser !== undefined ? { browser } : {}) }
}

/** One `/json/list` entry as written (an entry without an id or type is left out). */
export interface DevToolsTarget {
  readonly id: string
  readonly type: string
  readonly title: string
  readonly url: string
  readonly webSocketDebuggerUrl?: string
}

export const devToolsTargetsOf = (json: unknown): ReadonlyArray<DevToolsTarget> =>
  (Array.isArray(json) ? json : []).flatMap((raw): Array<DevToolsTarget> => {
    const t = (raw ?? {}) as Record<string, unknown>
    const id = str(t["id"])
    const type = str(t["type"])
    if (id === undefined || type === undefined) return []
    const ws = str(t["webSocketDebuggerUrl"])
    const title = str(t["title"]) ?? ""
    return [{ id, type, title, url: str(t["url"]) ?? "", ...(ws !== undefined ? { webSocketDebuggerUrl: ws } : {}) }]
  })

/**
 * The browser contexts of a browser's pages, from a `Target.getTargets` answer (each once, in order): what a grant over
 * the browser's connection names (a grant without one reaches only the default context).
 */
export const pageContextsOf = (result: unknown): ReadonlyArray<string> => {
  const infos = ((result ?? {}) as Record<string, unknown>)["targetInfos"]
  if (!Array.isArray(infos)) return []
  const contexts = infos.flatMap((info: unknown) => {
    const record = (info ?? {}) as Record<string, unknown>
    const context = str(record["browserContextId"])
    return record["type"] === "page" && context !== undefined ? [context] : []
  })
  return [...new Set(contexts)]
}
