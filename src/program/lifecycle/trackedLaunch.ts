/** The wrapper's own launch a session is attached to (active records only): what makes a session "Electron". */
import * as Effect from "effect/Effect"
import type { ElectronLaunchRecord } from "../../schema/ElectronRecord.js"
import { ElectronHost } from "../../services/ElectronHost.js"

export const activeLaunchOf = (
  session: string | undefined
): Effect.Effect<ElectronLaunchRecord | undefined, never, ElectronHost> =>
  session === undefined
    ? Effect.succeed(undefined)
    : Effect.map(ElectronHost, (host) => host.records).pipe(
        Effect.flatten,
        Effect.map((records) => records.find((r) => r.sessionName === session && r.cleanupState === "active"))
      )
