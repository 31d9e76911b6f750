/** DaemonProbeLive: reads the daemon's pid and target files, and ends a daemon by its pid. */
import { readFileSync, rmSync } from "node:fs"
import { join } from "node:path"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { DaemonProbe } from "../services/DaemonProbe.js"

/** SIGTERM grace before SIGKILL: an idle daemon exits in a few ms (20 × 100 ms). */
const END_POLLS = 20
const END_POLL_MS = 100

const read = (path: string): string | undefined => {
  try {
    return readFileSync(path, "utf8").trim()
  } catch {
    return undefined
  }
}

/** Alive and not a zombie (a reaped-later daemon of pid 1 lingers as one). */
const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
  } catch {
    return false
  }
  const stat = read(`/proc/${pid}/stat`)
  return stat === undefined || !/^\d+ \(.*\) [ZX]/.test(stat)
}

/** The pid is an agent-browser process (where /proc can tell; elsewhere the pid file is trusted). */
const isAgentBrowser = (pid: number): boolean => {
  const cmdline = read(`/proc/${pid}/cmdline`)
  return cmdline === undefined ? process.platform !== "linux" : cmdline.includes("agent-browser")
}

const signal = (pid: number, sig: NodeJS.Signals): void => {
  try {
    process.kill(pid, sig)
  } catch {
    // already gone
  }
}

export const DaemonProbeLive: Layer.Layer<DaemonProbe> = Layer.succeed(
  DaemonProbe,
  DaemonProbe.of({
    observe: (socketDir, session) =>
      Effect.sync(() => {
        const pid = read(join(socketDir, `${session}.pid`))
        let url: string | undefined
        let targetId: string | undefined
        try {
          const target = JSON.parse(read(join(socketDir, `${session}.target`)) ?? "null") as { url?: unknown; targetId?: unknown } | null
          url = typeof target?.url === "string" ? target.url : undefined
          targetId = typeof target?.targetId === "string" && target.targetId !== "" ? target.targetId : undefined
        } catch {
          url = undefined
        }
        return { pid: pid === "" ? undefined : pid, url, ...(targetId !== undefined ? { targetId } : {}) }
      }),
    end: (socketDir, session) =>
      Effect.gen(function*() {
        const pid = Number(read(join(socketDir, `${session}.pid`)))
        if (!Number.isInteger(pid) || pid <= 1 || !alive(pid) || !isAgentBrowser(pid)) return "not-running" as const
        signal(pid, "SIGTERM")
        for (let i = 0; i < END_POLLS && alive(pid); i++) yield* Effect.sleep(END_POLL_MS)
        if (alive(pid)) {
          signal(pid, "SIGKILL")
          // a killed daemon leaves its files; the next command would treat them as stale anyway
          for (const ext of ["pid", "sock"]) rmSync(join(socketDir, `${session}.${ext}`), { force: true })
        }
        return "ended" as const
      })
  })
)
