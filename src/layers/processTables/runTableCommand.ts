/** Runs a process-table command (`ps`, `powershell`, `taskkill`) with a time limit; a missing one is said so. */
import { execFile } from "node:child_process"
import * as Effect from "effect/Effect"
import type { ProcessTableKind } from "../../domain/Processes.js"
import { ProcessTableUnavailable } from "../../services/OsProcesses.js"

export interface CommandOutput {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
}

const TIMEOUT_MS = 10_000

export const runTableCommand = (
  table: ProcessTableKind,
  file: string,
  args: ReadonlyArray<string>,
  env: Readonly<Record<string, string | undefined>> = {}
) =>
  Effect.async<CommandOutput, ProcessTableUnavailable>((resume) => {
    const child = execFile(
      file,
      [...args],
      {
        env: { ...process.env, ...env },
        timeout: TIMEOUT_MS,
        maxBuffer: 64 * 1024 * 1024,
        windowsHide: true,
        encoding: "utf8"
      },
      (error, stdout, stderr) => {
        if (error === null) return resume(Effect.succeed({ code: 0, stdout, stderr }))
        const code = (error as NodeJS.ErrnoException).code
        if (code === "ENOENT")
          return resume(
            Effect.fail(new ProcessTableUnavailable({ table, reason: "missing", detail: `${file} is not on PATH` }))
          )
        if (error.killed === true)
          return resume(
            Effect.fail(
              new ProcessTableUnavailable({
                table,
                reason: "timed-out",
                detail: `${file} did not answer within ${TIMEOUT_MS} ms`
              })
            )
          )
        if (typeof code === "number") return resume(Effect.succeed({ code, stdout, stderr }))
        resume(
          Effect.fail(new ProcessTableUnavailable({ table, reason: "failed", detail: `${file}: ${error.message}` }))
        )
      }
    )
    return Effect.sync(() => child.kill("SIGKILL"))
  })
