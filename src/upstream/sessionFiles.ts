/**
 * Upstream's per-session files in the socket dir (`<session>.pid`, `.target`, `.sock`, …) and the wrapper's own
 * `.piab-owner` beside them: their names and how their text reads. Pure; the one reader is
 * `layers/socketFiles/sessionFiles.ts`.
 */
import { join } from "node:path"

/** Every file a session leaves in the socket dir (`.target` survives upstream's own close). */
export const SESSION_FILE_EXTENSIONS = [
  "sock",
  "pid",
  "version",
  "engine",
  "config",
  "stream",
  "target",
  "port",
  "piab-owner"
] as const

export type SessionFileExtension = (typeof SESSION_FILE_EXTENSIONS)[number]

/** The wrapper's record of the process that owns a session (written beside upstream's files). */
export const OWNER_SUFFIX = ".piab-owner"

export const sessionFilePath = (socketDir: string, session: string, extension: SessionFileExtension): string =>
  join(socketDir, `${session}.${extension}`)

/** A `.pid` file's daemon pid: a positive integer, else undefined. */
export const parseDaemonPid = (text: string | undefined): number | undefined => {
  const pid = Number((text ?? "").trim())
  return Number.isInteger(pid) && pid > 0 ? pid : undefined
}

/** The daemon's active tab as of its last command (`.target`): its URL as written, and a non-empty target id. */
export interface DaemonTarget {
  readonly url?: string
  readonly targetId?: string
}

export const parseDaemonTarget = (text: string | undefined): DaemonTarget => {
  try {
    const target = JSON.parse(text ?? "null") as { url?: unknown; targetId?: unknown } | null
    return {
      ...(typeof target?.url === "string" ? { url: target.url } : {}),
      ...(typeof target?.targetId === "string" && target.targetId !== "" ? { targetId: target.targetId } : {})
    }
  } catch {
    return {}
  }
}
