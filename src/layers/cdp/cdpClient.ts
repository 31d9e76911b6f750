/**
 * The one DevTools client over HTTP: a profile's `DevToolsActivePort`, `/json/version` and `/json/list` at an
 * endpoint (`http://host:port`), each request bounded by its own timeout. One command over a tab's WebSocket is
 * `cdpCommand.ts` beside it. What the answers mean is `upstream/devTools.ts`.
 */
import { readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import {
  type DevToolsActivePort,
  type DevToolsTarget,
  type DevToolsVersion,
  devToolsTargetsOf,
  devToolsVersionOf,
  parseDevToolsActivePort
} from "../../upstream/devTools.js"

/** The CDP HTTP endpoint did not answer (or answered without a debugger URL). */
export class CdpUnreachable extends Schema.TaggedError<CdpUnreachable>()("CdpUnreachable", {
  url: Schema.String,
  cause: Schema.optionalWith(Schema.Defect, { exact: true })
}) {
  override get message(): string {
    return `no CDP answer from ${this.url}`
  }
}

export const fetchJson = (url: string, timeoutMs: number): Effect.Effect<unknown, CdpUnreachable> =>
  Effect.tryPromise({
    try: async (signal) => {
      const timeout = AbortSignal.timeout(Math.max(1, timeoutMs))
      const response = await fetch(url, { signal: AbortSignal.any([signal, timeout]) })
      if (!response.ok) throw new Error(`HTTP ${response.status}`)
      return (await response.json()) as unknown
    },
    catch: (cause) => new CdpUnreachable({ url, cause })
  })

export const cdpVersionAt = (endpoint: string, timeoutMs: number): Effect.Effect<DevToolsVersion, CdpUnreachable> => {
  const url = `${endpoint}/json/version`
  return Effect.flatMap(fetchJson(url, timeoutMs), (json) => {
    const version = devToolsVersionOf(json)
    return version === undefined ? Effect.fail(new CdpUnreachable({ url })) : Effect.succeed(version)
  })
}

export const cdpTargetsAt = (
  endpoint: string,
  timeoutMs: number
): Effect.Effect<ReadonlyArray<DevToolsTarget>, CdpUnreachable> =>
  Effect.map(fetchJson(`${endpoint}/json/list`, timeoutMs), devToolsTargetsOf)

/** The endpoint of a local port. */
export const localEndpoint = (port: number): string => `http://127.0.0.1:${port}`

/** A profile folder's `DevToolsActivePort`: missing, unreadable (or not a port), or what it says. */
export const readDevToolsActivePort = (profileDir: string): "missing" | "unreadable" | DevToolsActivePort => {
  const path = join(profileDir, "DevToolsActivePort")
  try {
    statSync(path)
  } catch {
    return "missing"
  }
  try {
    return parseDevToolsActivePort(readFileSync(path, "utf8")) ?? "unreadable"
  } catch {
    return "unreadable"
  }
}
