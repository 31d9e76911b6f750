/**
 * The app's local CDP HTTP endpoint: `DevToolsActivePort` (written into the user-data-dir: port, then browser
 * path), `/json/version`, `/json/list`, and a TCP check that the port no longer listens. 127.0.0.1 only; every
 * request is bounded by its own timeout.
 */
import { createConnection } from "node:net"
import * as Schema from "effect/Schema"
import * as Effect from "effect/Effect"
import type { ElectronTargetType } from "../../schema/ElectronInput.js"
import type { CdpTarget } from "../../schema/ElectronRecord.js"

/** The app's CDP HTTP endpoint did not answer (or answered without a debugger URL). */
export class CdpUnreachable extends Schema.TaggedError<CdpUnreachable>()("CdpUnreachable", {
  url: Schema.String,
  cause: Schema.optionalWith(Schema.Defect, { exact: true })
}) {
  override get message(): string {
    return `no CDP answer from ${this.url}`
  }
}

export const parseDevToolsActivePort = (text: string): { readonly port: number; readonly browserPath?: string } | undefined => {
  const [first = "", second] = text.split(/\r?\n/)
  const port = Number(first.trim())
  if (!Number.isInteger(port) || port <= 0 || port > 65_535) return undefined
  const browserPath = second?.trim()
  return browserPath === undefined || browserPath === "" ? { port } : { port, browserPath }
}

const fetchJson = (url: string, timeoutMs: number) =>
  Effect.tryPromise({
    try: async (signal) => {
      const response = await fetch(url, { signal: AbortSignal.any([signal, AbortSignal.timeout(Math.max(1, timeoutMs))]) })
      if (!response.ok) throw new Error(`HTTP ${response.status}`)
      return (await response.json()) as unknown
    },
    catch: (cause) => new CdpUnreachable({ url, cause })
  })

const str = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined)

export interface CdpVersion {
  readonly webSocketDebuggerUrl: string
  readonly browser?: string
}

export const cdpVersion = (port: number, timeoutMs: number): Effect.Effect<CdpVersion, CdpUnreachable> => {
  const url = `http://127.0.0.1:${port}/json/version`
  return Effect.flatMap(fetchJson(url, timeoutMs), (json) => {
    const record = (json ?? {}) as Record<string, unknown>
    const ws = str(record["webSocketDebuggerUrl"])
    const browser = str(record["Browser"])
    return ws === undefined ? Effect.fail(new CdpUnreachable({ url })) : Effect.succeed({ webSocketDebuggerUrl: ws, ...(browser !== undefined ? { browser } : {}) })
  })
}

export const MAX_TARGETS = 20

export const cdpTargets = (port: number, timeoutMs: number): Effect.Effect<ReadonlyArray<CdpTarget>, CdpUnreachable> =>
  Effect.map(fetchJson(`http://127.0.0.1:${port}/json/list`, timeoutMs), (json) =>
    (Array.isArray(json) ? json : []).flatMap((raw): Array<CdpTarget> => {
      const t = (raw ?? {}) as Record<string, unknown>
      const id = str(t["id"])
      const type = str(t["type"])
      if (id === undefined || type === undefined) return []
      const ws = str(t["webSocketDebuggerUrl"])
      return [{ id, type, title: (str(t["title"]) ?? "").slice(0, 200), url: (str(t["url"]) ?? "").slice(0, 500), ...(ws !== undefined ? { webSocketDebuggerUrl: ws } : {}) }]
    }))

export const matchesTargetType = (target: CdpTarget, targetType: ElectronTargetType): boolean =>
  targetType === "any" ? true : target.type === targetType

/** True while something accepts TCP connections on 127.0.0.1:port. */
export const portListening = (port: number, timeoutMs: number): Effect.Effect<boolean> =>
  Effect.async<boolean>((resume) => {
    const socket = createConnection({ host: "127.0.0.1", port })
    const done = (listening: boolean) => {
      clearTimeout(timer)
      socket.destroy()
      resume(Effect.succeed(listening))
    }
    // No answer at all within the budget: treat as still listening (a closed port refuses at once).
    const timer = setTimeout(() => done(true), Math.max(1, timeoutMs))
    socket.once("connect", () => done(true))
    socket.once("error", () => done(false))
    return Effect.sync(() => {
      clearTimeout(timer)
      socket.destroy()
    })
  })
