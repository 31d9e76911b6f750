/**
 * Is this executable an Electron app? Yes when its app code sits beside it: `resources/app.asar` (a file) or
 * `resources/app/` (a folder) next to the binary, or in a macOS bundle `Contents/Resources/app.asar` (or an
 * `Electron Framework.framework`). Symlinks are resolved, and a launcher script (`#!`) is followed to the absolute
 * paths it names, two levels deep. Reads the file system synchronously; every read is bounded.
 */
import {
  accessSync,
  constants,
  existsSync,
  openSync,
  readdirSync,
  readSync,
  closeSync,
  realpathSync,
  statSync
} from "node:fs"
import { basename, dirname, join } from "node:path"
import type { ElectronEvidence } from "../../schema/ElectronRecord.js"
import { bundleExecutable } from "./macBundle.js"

export interface ElectronExecutable {
  /** The binary (symlinks resolved) that has the app code beside it. */
  readonly executablePath: string
  /** The app folder (Linux) or the `.app` bundle (macOS). */
  readonly appPath: string
  readonly evidence: ElectronEvidence
}

const isDir = (path: string): boolean => {
  try {
    return statSync(path).isDirectory()
  } catch {
    return false
  }
}

const isFile = (path: string): boolean => {
  try {
    return statSync(path).isFile()
  } catch {
    return false
  }
}

export const isExecutableFile = (path: string): boolean => {
  if (!isFile(path)) return false
  try {
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

/** Electron evidence in a `resources` folder. */
const resourcesEvidence = (resources: string): ElectronEvidence | undefined =>
  isFile(join(resources, "app.asar")) ? "app.asar" : isDir(join(resources, "app")) ? "app-folder" : undefined

/** Evidence for a Linux-style app folder (the folder that holds `resources/` and the binary). */
export const folderEvidence = (folder: string): ElectronEvidence | undefined =>
  resourcesEvidence(join(folder, "resources"))

/** Evidence for a macOS bundle (`X.app`). */
export const bundleEvidence = (bundle: string): ElectronEvidence | undefined =>
  resourcesEvidence(join(bundle, "Contents", "Resources")) ??
  (isDir(join(bundle, "Contents", "Frameworks", "Electron Framework.framework")) ? "electron-framework" : undefined)

/** Helpers shipped beside every Electron/Chromium binary; never the app itself. */
const HELPERS =
  /^(chrome-sandbox|chrome_crashpad_handler|crashpad_handler|.*\.so(\.\d+)*|.*\.pak|.*\.bin|.*\.dat|.*\.json)$/

const normalizeName = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "")

const readHead = (path: string, bytes: number): Buffer => {
  const fd = openSync(path, "r")
  try {
    const buffer = Buffer.alloc(bytes)
    const n = readSync(fd, buffer, 0, bytes, 0)
    return buffer.subarray(0, n)
  } finally {
    closeSync(fd)
  }
}

const isElf = (path: string): boolean => {
  try {
    return readHead(path, 4).equals(Buffer.from([0x7f, 0x45, 0x4c, 0x46]))
  } catch {
    return false
  }
}

/** The app binary in an Electron app folder: the executable named like the folder, else an ELF, else any. */
export const pickExecutable = (folder: string): string | undefined => {
  let names: Array<string>
  try {
    names = readdirSync(folder).sort()
  } catch {
    return undefined
  }
  const candidates = names
    .filter((n) => !HELPERS.test(n))
    .map((n) => join(folder, n))
    .filter(isExecutableFile)
  const wanted = normalizeName(basename(folder))
  return candidates.find((c) => normalizeName(basename(c)) === wanted) ?? candidates.find(isElf) ?? candidates[0]
}

const MAX_SCRIPT_BYTES = 64 * 1024
const ABSOLUTE_PATH = /(?:^|[\s"'=:(])(\/[^\s"'`;|&<>()$]+)/g

/** Absolute paths a launcher script names (`exec "/opt/App/app" "$@"`, `APP=/usr/lib/app/app`). */
export const scriptPaths = (text: string): ReadonlyArray<string> => {
  const body = text
    .split("\n")
    .filter((line) => !line.trimStart().startsWith("#"))
    .join("\n")
  return [...new Set([...body.matchAll(ABSOLUTE_PATH)].map((m) => m[1] ?? ""))].filter((p) => p !== "")
}

const bundleOf = (path: string): string | undefined => {
  const macos = dirname(path)
  const contents = dirname(macos)
  return basename(macos) === "MacOS" && basename(contents) === "Contents" && dirname(contents).endsWith(".app")
    ? dirname(contents)
    : undefined
}

const besideEvidence = (executable: string): ElectronExecutable | undefined => {
  const bundle = bundleOf(executable)
  if (bundle !== undefined) {
    const evidence = bundleEvidence(bundle)
    return evidence === undefined ? undefined : { executablePath: executable, appPath: bundle, evidence }
  }
  const folder = dirname(executable)
  const evidence = folderEvidence(folder)
  return evidence === undefined ? undefined : { executablePath: executable, appPath: folder, evidence }
}

/** Verifies an executable path as Electron, following symlinks and launcher scripts. */
export const inspectExecutable = (path: string, depth = 0): ElectronExecutable | undefined => {
  if (!isExecutableFile(path)) return undefined
  let real: string
  try {
    real = realpathSync(path)
  } catch {
    return undefined
  }
  const direct = besideEvidence(real) ?? (real !== path ? besideEvidence(path) : undefined)
  if (direct !== undefined) return direct
  // `bin/app` inside an app folder (the VS Code layout): the folder above holds resources/ and the binary.
  const parent = dirname(dirname(real))
  if (basename(dirname(real)) === "bin" && folderEvidence(parent) !== undefined) {
    const binary = pickExecutable(parent)
    if (binary !== undefined && binary !== real) return inspectExecutable(binary, depth + 1)
  }
  if (depth >= 2) return undefined
  let head: Buffer
  try {
    head = readHead(real, MAX_SCRIPT_BYTES)
  } catch {
    return undefined
  }
  if (head.subarray(0, 2).toString("latin1") !== "#!") return undefined
  const [shebang = "", ...rest] = head.toString("utf8").split("\n")
  for (const candidate of scriptPaths(rest.join("\n"))) {
    if (candidate === real || candidate === path || shebang.includes(candidate) || !existsSync(candidate)) continue
    const found = inspectExecutable(candidate, depth + 1)
    if (found !== undefined) return found
  }
  return undefined
}

/** Verifies an app path: an executable, a Linux app folder, or a macOS `.app` bundle. */
export const inspectAppPath = (path: string): ElectronExecutable | undefined => {
  if (!isDir(path)) return inspectExecutable(path)
  if (path.replace(/\/+$/, "").endsWith(".app")) {
    const evidence = bundleEvidence(path)
    const binary = bundleExecutable(path)
    const executable = isExecutableFile(binary) ? binary : pickExecutable(join(path, "Contents", "MacOS"))
    return evidence === undefined || executable === undefined
      ? undefined
      : { executablePath: executable, appPath: path, evidence }
  }
  const evidence = folderEvidence(path)
  const executable = evidence === undefined ? undefined : pickExecutable(path)
  return evidence === undefined || executable === undefined
    ? undefined
    : { executablePath: executable, appPath: path, evidence }
}
