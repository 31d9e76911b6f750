/**
 * DaemonProbeLive: reads the daemon's pid and target files, and ends a daemon by its pid and start time (read from
 * `OsProcesses`, so a pid reused by another program is never signalled).
 */
import { rmSync } from "node:fs"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { DaemonProbe } from "../services/DaemonProbe.js"
import { OsProcesses } from "../services/OsProcesses.js"
import { sessionFilePath } from "../upstream/sessionFiles.js"
import { terminate } from "./processTables/terminate.js"
import { daemonPidIn, daemonTargetIn, readSessionFile } from "./socketFiles/sessionFiles.js"

/** SIGTERM grace before SIGKILL: an idle daemon exits in a few ms. */
const END_GRACE_MS = 2_000

export const DaemonProbeLive: Layer.Layer<DaemonProbe, never, OsProcesses> = Layer.effect(
  DaemonProbe,
  Effect.map(OsProcesses, (os) =>
    DaemonProbe.of({
      observe: (socketDir, session) =>
        Effect.sync(() => {
          const pid = readSessionFile(socketDir, session, "pid")?.trim()
          const { url, targetId } = daemonTargetIn(socketDir, session)
          return { pid: pid === "" ? undefined : pid, url, ...(targetId !== undefined ? { targetId } : {}) }
        }),
      end: (socketDir, session) =>
        Effect.gen(function* () {
          const pid = daemonPidIn(socketDir, session)
          const info = pid !== undefined && pid > 1 ? yield* os.stat(pid) : undefined
          // only a live agent-browser process (a zombie of pid 1 lingers as one; a reused pid runs something else)
          const isDaemon = info !== undefined && !info.zombie && info.commandLine.includes("agent-browser")
          if (pid === undefined || info === undefined || !isDaemon) return "not-running" as const
          const daemon = { _tag: "Pid", pid, startTime: info.startTime } as const
          if ((yield* terminate(os, daemon, { graceMs: END_GRACE_MS, pollMs: 100 })) === "killed") {
            // a killed daemon leaves its files; the next command would treat them as stale anyway
            for (const ext of ["pid", "sock"] as const)
              rmSync(sessionFilePath(socketDir, session, ext), { force: true })
          }
          return "ended" as const
        }).pipe(
          Effect.catchTag("ProcessTableUnavailable", (error) =>
            Effect.as(Effect.logWarning(`session ${session}: its daemon was not ended`, error), "unchecked" as const)
          )
        )
    })
  )
)
