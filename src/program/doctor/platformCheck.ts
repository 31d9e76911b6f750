/**
 * The doctor's platform findings: the platform and the process table every process guarantee rests on (no orphaned
 * browser, a lost browser said, quit without the binary), proven by reading this process and finding it again by pid
 * and start time, with what that table cannot check; and whether a session's socket fits the socket folder here.
 */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import { sessionSocketPath, socketPathLimit, socketPathProblem } from "../../config/machineFolders.js"
import { OsProcesses } from "../../services/OsProcesses.js"
import type { ToolConfigShape } from "../../services/ToolConfig.js"
import { socketDirOf } from "../../upstream/sessionFiles.js"
import type { DoctorCheck } from "./browserCheck.js"

const TABLE_FIX = {
  proc: "mount /proc, or set PI_AGENT_BROWSER_PROCESS_TABLE=ps",
  ps: "install ps (procps on Linux)",
  windows: "make powershell.exe and taskkill.exe runnable",
  test: "use a live process table"
} as const

export const processTableCheck = Effect.gen(function* (): Effect.fn.Return<DoctorCheck, never, OsProcesses> {
  const os = yield* OsProcesses
  const facts = os.facts
  const table = `${process.platform} (${process.arch}), process table ${facts.kind}: ${facts.source}`
  const found = yield* Effect.either(
    Effect.flatMap(os.stat(process.pid), (info) =>
      info === undefined ? Effect.succeed(false) : os.isAlive({ pid: info.pid, startTime: info.startTime })
    )
  )
  if (Either.isLeft(found))
    return {
      id: "processes",
      status: "fail",
      message: `${table}; ${found.left.message}: no process guarantee holds`,
      fix: TABLE_FIX[facts.kind]
    }
  if (!found.right)
    return {
      id: "processes",
      status: "fail",
      message: `${table}; this process (pid ${process.pid}) was not found again by its pid and start time`,
      fix: TABLE_FIX[facts.kind]
    }
  const unchecked = facts.unchecked.length > 0 ? `; not checked: ${facts.unchecked.join("; ")}` : ""
  return {
    id: "processes",
    status: "pass",
    message: `${table}; found this process (pid ${process.pid}) again by pid and start time${unchecked}`
  }
})

/** How many bytes a session's socket path takes in the socket folder `dir`. */
const socketBytes = (dir: string): number => Buffer.byteLength(sessionSocketPath(process.platform, dir))

export const socketFolderCheck = (config: ToolConfigShape): DoctorCheck => {
  const dir = socketDirOf(config)
  const fix = "set PI_AGENT_BROWSER_SOCKET_DIR to a short private folder (e.g. /tmp/piab)"
  if (config.socketDirProblem !== undefined && dir === config.socketDir)
    return { id: "sockets", status: "fail", message: `socket folder ${dir}: ${config.socketDirProblem}`, fix }
  const limit = socketPathLimit(process.platform)
  if (limit === undefined)
    return {
      id: "sockets",
      status: "pass",
      message: `socket folder ${dir} (daemons listen on TCP ports here: no socket path limit)`
    }
  const problem = socketPathProblem(process.platform, dir)
  if (problem !== undefined) return { id: "sockets", status: "fail", message: `socket folder ${dir}: ${problem}`, fix }
  return {
    id: "sockets",
    status: "pass",
    message: `socket folder ${dir}: a session socket path takes ${socketBytes(dir)} of ${limit} bytes`
  }
}
