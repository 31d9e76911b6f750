/**
 * Where the npm package keeps its native binaries: `bin/agent-browser-<os>-<arch>` beside the launcher
 * `bin/agent-browser.js` (with `-musl` on musl libc). Pure path logic plus one existence check.
 */
import { accessSync, constants, existsSync, readdirSync, realpathSync, statSync } from "node:fs"
import { delimiter, dirname, join } from "node:path"

const isExecutableFile = (path: string): boolean => {
  try {
    if (!statSync(path).isFile()) return false
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

const isMusl = (): boolean => {
  if (process.platform !== "linux") return false
  try {
    return readdirSync("/lib").some((f) => f.startsWith("ld-musl-"))
  } catch {
    return false
  }
}

export const nativeBinaryName = (): string => {
  const os = process.platform === "win32" ? "win32" : process.platform
  const libc = isMusl() ? "-musl" : ""
  const ext = process.platform === "win32" ? ".exe" : ""
  return `agent-browser-${os}${libc}-${process.arch}${ext}`
}

/** Every `agent-browser` executable on PATH, in PATH order. */
export const findOnPath = (pathVar: string | undefined): ReadonlyArray<string> => {
  const names = process.platform === "win32" ? ["agent-browser.cmd", "agent-browser.exe"] : ["agent-browser"]
  return (pathVar ?? "")
    .split(delimiter)
    .filter((d) => d !== "")
    .flatMap((dir) => names.map((n) => join(dir, n)).filter(isExecutableFile))
}

/** The native binary behind an npm launcher, when there is one. */
export const nativeBehind = (entry: string): string | undefined => {
  let real: string
  try {
    real = realpathSync(entry)
  } catch {
    return undefined
  }
  if (!real.endsWith(".js")) return undefined
  const candidate = join(dirname(real), nativeBinaryName())
  return existsSync(candidate) && isExecutableFile(candidate) ? candidate : undefined
}

export const pathDirs = (pathVar: string | undefined): ReadonlyArray<string> =>
  (pathVar ?? "").split(delimiter).filter((d) => d !== "")

/** The first executable called `name` on PATH. */
export const findExecutable = (name: string, pathVar: string | undefined): string | undefined =>
  pathDirs(pathVar)
    .map((dir) => join(dir, name))
    .find(isExecutableFile)
