/**
 * The one reader of a session's files in the socket dir (names and parsing in `upstream/sessionFiles.ts`). A file
 * that is missing or unreadable reads as undefined.
 */
import { readFileSync } from "node:fs"
import {
  type DaemonTarget,
  parseDaemonPid,
  parseDaemonTarget,
  SESSION_FILE_EXTENSIONS,
  sessionFilePath,
  type SessionFileExtension
} from "../../upstream/sessionFiles.js"

export const readText = (path: string): string | undefined => {
  try {
    return readFileSync(path, "utf8")
  } catch {
    return undefined
  }
}

export const readSessionFile = (
  socketDir: string,
  session: string,
  extension: SessionFileExtension
): string | undefined => readText(sessionFilePath(socketDir, session, extension))

/** The daemon's pid as `<session>.pid` names it. */
export const daemonPidIn = (socketDir: string, session: string): number | undefined =>
  parseDaemonPid(readSessionFile(socketDir, session, "pid"))

/** The daemon's active tab as `<session>.target` names it. */
export const daemonTargetIn = (socketDir: string, session: string): DaemonTarget =>
  parseDaemonTarget(readSessionFile(socketDir, session, "target"))

/** The paths of every file the session may have left. */
export const sessionFilesOf = (socketDir: string, session: string): ReadonlyArray<string> =>
  SESSION_FILE_EXTENSIONS.map((extension) => sessionFilePath(socketDir, session, extension))
