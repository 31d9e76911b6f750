/**
 * The tool's private folders per platform, the one home of their rules: the socket folder (upstream's daemon
 * sockets, pid, port and lock files), the spill folder and the Electron launch root. A Unix socket path holds at most
 * 103 bytes on macOS and the BSDs (`sun_path` is 104 with its NUL) and 107 on Linux; macOS's per-user `$TMPDIR`
 * (`/var/folders/xx/…/T/`, about 50 bytes) leaves room for a short folder only, so a default that would not fit falls
 * back to `/tmp`. On Windows upstream's daemons listen on TCP ports (a `<session>.port` file): no path limit; folders
 * are named by user name there (a Windows uid is -1).
 */
import { tmpdir, userInfo } from "node:os"
import { posix, win32 } from "node:path"

export interface MachineUser {
  readonly uid: number
  readonly username: string
}

export interface MachineFolders {
  readonly socketDir: string
  readonly artifactRoot: string
  readonly electronRoot: string
}

/** The longest socket file the tool's sessions make: a managed name (`pi-<8>-<6>`) with a generation suffix. */
export const LONGEST_SESSION_SOCKET = "pi-00000000-000000-zzzz.sock"

/** Bytes a Unix socket path may hold (without its NUL); undefined where daemons do not listen on a path (Windows). */
export const socketPathLimit = (platform: string): number | undefined =>
  platform === "win32" ? undefined : platform === "linux" || platform === "android" ? 107 : 103

const pathFor = (platform: string) => (platform === "win32" ? win32 : posix)

/** The longest session socket's path in `socketDir`. */
export const sessionSocketPath = (platform: string, socketDir: string, file = LONGEST_SESSION_SOCKET): string =>
  pathFor(platform).join(socketDir, file)

/** Why a session's socket in `socketDir` would not fit this platform's limit (undefined: it fits, or no limit). */
export const socketPathProblem = (
  platform: string,
  socketDir: string,
  file = LONGEST_SESSION_SOCKET
): string | undefined => {
  const limit = socketPathLimit(platform)
  if (limit === undefined) return undefined
  const path = sessionSocketPath(platform, socketDir, file)
  const bytes = Buffer.byteLength(path)
  return bytes <= limit
    ? undefined
    : `a session socket there (${path}) would be ${bytes} bytes; ${platform} allows ${limit}`
}

const ownerName = (platform: string, user: MachineUser): string =>
  platform === "win32" || user.uid < 0 ? user.username.replace(/[^A-Za-z0-9_.-]+/g, "_") || "user" : String(user.uid)

/** The defaults for this platform, temp folder and user (pure: every input given). */
export const machineFolders = (platform: string, tmp: string, user: MachineUser): MachineFolders => {
  const path = pathFor(platform)
  const owner = ownerName(platform, user)
  const inTmp = path.join(tmp, `piab-${owner}`)
  return {
    socketDir: socketPathProblem(platform, inTmp) === undefined ? inTmp : `/tmp/piab-${owner}`,
    artifactRoot: path.join(tmp, `piab-artifacts-${owner}`),
    electronRoot: path.join(tmp, `pi-agent-browser-electron-${owner}`)
  }
}

const currentUser = (): MachineUser => {
  try {
    const info = userInfo()
    return { uid: info.uid, username: info.username }
  } catch {
    return { uid: -1, username: "user" }
  }
}

/** This machine's folders. */
export const thisMachineFolders = (): MachineFolders => machineFolders(process.platform, tmpdir(), currentUser())
