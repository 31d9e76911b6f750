/**
 * The app's local CDP endpoint (127.0.0.1 only), asked through the one DevTools client (`layers/cdp/cdpClient.ts`):
 * `/json/version`, `/json/list` (titles and URLs cut to what a record keeps), and a TCP check that the port no longer
 * listens. Every request is bounded by its own timeout.
 */
import { createConnection } from "node:net"
import * as Effect from "effect/Effect"
import type { ElectronTargetType } from "../../schema/ElectronInput.js"
import type { CdpTarget } from "../../schema/ElectronRecord.js"
import type { DevToolsVersion } from "../../upstream/devTools.js"
import { type CdpUnreachable, cdpTargetsAt, cdpVersionAt, localEndpoint } from "../cdp/cdpClient.js"

export type CdpVersion = DevToolsVersion

export const cdpVersion = (port: number, timeoutMs: number): Effect.Effect<CdpVersion, CdpUnreachable> =>
  cdpVersionAt(localEndpoint(port), timeoutMs)

export const MAX_TARGETS = 20

export const cdpTargets = (port: number, timeoutMs: number): Effect.Effect<ReadonlyArray<CdpTarget>, CdpUnreachable> =>
  Effect.map(cdpTargetsAt(localEndpoint(port), timeoutMs), (targets) =>
    targets.map((t): CdpTarget => ({ ...t, title: t.title.slice(0, 200), url: t.url.slice(0, 500) }))
  )

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
