/** DaemonProbeLive: reads the daemon's pid and target files. */
import { readFileSync } from "node:fs"
import { join } from "node:path"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { DaemonProbe } from "../services/DaemonProbe.js"

const read = (path: string): string | undefined => {
  try {
    return readFileSync(path, "utf8").trim()
  } catch {
    return undefined
  }
}

export const DaemonProbeLive = Layer.succeed(
  DaemonProbe,
  DaemonProbe.of({
    observe: (socketDir, session) =>
      Effect.sync(() => {
        const pid = read(join(socketDir, `${session}.pid`))
        let url: string | undefined
        try {
          const target = JSON.parse(read(join(socketDir, `${session}.target`)) ?? "null") as { url?: unknown } | null
          url = typeof target?.url === "string" ? target.url : undefined
        } catch {
          url = undefined
        }
        return { pid: pid === "" ? undefined : pid, url }
      })
  })
)
