/**
 * The POSIX `ps` table (macOS and the BSDs; Linux's procps too, which is how it is tested): one `ps` run per read,
 * `-ww` for whole command lines, `LC_ALL=C TZ=UTC` so start times read the same in every process. `ps -p` exits 1
 * with no line when the pid is gone.
 */
import * as Effect from "effect/Effect"
import type { ProcessTableFacts } from "../../domain/Processes.js"
import { parsePsOutput, PS_COLUMNS } from "../../os/psOutput.js"
import { ProcessTableUnavailable } from "../../services/OsProcesses.js"
import { runTableCommand } from "./runTableCommand.js"
import type { TableReads } from "./tableCore.js"

const ENV = { LC_ALL: "C", LANG: "C", TZ: "UTC" }

export const psFacts = (command: string): ProcessTableFacts => ({
  kind: "ps",
  platform: process.platform,
  source: `${command} -ww -o ${PS_COLUMNS.replaceAll("=", "")} (-A | -p <pid>)`,
  groups: true,
  exactArgv: false,
  startTimeResolution: "second",
  unchecked: [
    "a pid reused within the same second as the recorded start passes for the recorded process",
    "command lines are read as one text (arguments with spaces are not split exactly)"
  ]
})

/** `path`: the PATH `ps` is looked up on (the tool's environment's; this process's when not given). */
export const psTable = (command = "ps", path?: string): TableReads => {
  const env = path !== undefined ? { ...ENV, PATH: path } : ENV
  const run = (args: ReadonlyArray<string>) =>
    Effect.flatMap(runTableCommand("ps", command, ["-ww", "-o", PS_COLUMNS, ...args], env), (out) =>
      // exit 1 with nothing printed: no such process (procps and BSD alike)
      out.code === 0 || (out.code === 1 && out.stdout.trim() === "")
        ? Effect.succeed(parsePsOutput(out.stdout))
        : Effect.fail(
            new ProcessTableUnavailable({
              table: "ps",
              reason: "failed",
              detail: `${command} exited ${out.code}: ${out.stderr.trim().slice(0, 200)}`
            })
          )
    )
  return {
    facts: psFacts(command),
    stat: (pid) =>
      Number.isInteger(pid) && pid > 0
        ? Effect.map(run(["-p", String(pid)]), (rows) => rows.find((p) => p.pid === pid))
        : Effect.succeed(undefined),
    list: run(["-A"])
  }
}
