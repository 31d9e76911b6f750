/**
 * Linux discovery: `.desktop` files in `$XDG_DATA_HOME/applications` and each `$XDG_DATA_DIRS/*\/applications`
 * (XDG Base Directory defaults `~/.local/share` and `/usr/local/share:/usr/share`; earlier directories win per
 * desktop id), then app folders under `/opt` (one and two levels deep). Each candidate counts only with Electron
 * evidence ({@link inspectExecutable}). Reads are synchronous and bounded.
 */
import { readdirSync, readFileSync, statSync } from "node:fs"
import { delimiter, isAbsolute, join, relative, sep } from "node:path"
import { realpathSync } from "node:fs"
import type { ElectronApp } from "../../schema/ElectronRecord.js"
import { execProgram, parseDesktopEntry, parseExec } from "../../electron/desktopEntry.js"
import { folderEvidence, inspectExecutable, isExecutableFile, pickExecutable } from "./electronEvidence.js"
import { classifySensitivity } from "../../electron/sensitivity.js"

export interface LinuxDiscoveryOptions {
  readonly env: Readonly<Record<string, string | undefined>>
  readonly home: string
  /** Folders scanned for app directories; `/opt` unless a test says otherwise. */
  readonly optRoots?: ReadonlyArray<string>
}

export interface Discovery {
  readonly apps: ReadonlyArray<ElectronApp>
  readonly skippedCount: number
}

const MAX_DESKTOP_FILES = 4000
const MAX_DESKTOP_BYTES = 256 * 1024

/** `applications` folders in XDG precedence order (relative XDG paths are invalid per spec and ignored). */
export const applicationDirs = (env: LinuxDiscoveryOptions["env"], home: string): ReadonlyArray<string> => {
  const dataHome = env["XDG_DATA_HOME"]
  const dataDirs = (env["XDG_DATA_DIRS"] ?? "").split(":").filter((d) => isAbsolute(d))
  const homeDir = dataHome !== undefined && isAbsolute(dataHome) ? dataHome : join(home, ".local", "share")
  const dirs = [homeDir, ...(dataDirs.length > 0 ? dataDirs : ["/usr/local/share", "/usr/share"])]
  return [...new Set(dirs.map((d) => join(d, "applications")))]
}

/** `*.desktop` files under a folder with their desktop ids (`sub/app.desktop` → `sub-app.desktop`). */
const desktopFiles = (
  root: string,
  budget: { left: number }
): ReadonlyArray<{ readonly id: string; readonly path: string }> => {
  const out: Array<{ id: string; path: string }> = []
  const walk = (dir: string, depth: number) => {
    let names: Array<string>
    try {
      names = readdirSync(dir).sort()
    } catch {
      return
    }
    for (const name of names) {
      if (budget.left <= 0) return
      const path = join(dir, name)
      if (name.endsWith(".desktop")) {
        budget.left--
        out.push({ id: relative(root, path).split(sep).join("-"), path })
      } else if (depth < 2) {
        try {
          if (statSync(path).isDirectory()) walk(path, depth + 1)
        } catch {
          // unreadable entry: nothing to discover there
        }
      }
    }
  }
  walk(root, 0)
  return out
}

/** A bare program name resolved on PATH, as the desktop launcher would. */
export const whichOnPath = (program: string, path: string | undefined): string | undefined => {
  if (program.includes("/")) return isAbsolute(program) ? program : undefined
  for (const dir of (path ?? "").split(delimiter)) {
    if (dir === "" || !isAbsolute(dir)) continue
    const candidate = join(dir, program)
    if (isExecutableFile(candidate)) return candidate
  }
  return undefined
}

const realOrSelf = (path: string): string => {
  try {
    return realpathSync(path)
  } catch {
    return path
  }
}

const readDesktop = (path: string): string | undefined => {
  try {
    return statSync(path).size > MAX_DESKTOP_BYTES ? undefined : readFileSync(path, "utf8")
  } catch {
    return undefined
  }
}

export const discoverLinux = (options: LinuxDiscoveryOptions): Discovery => {
  const apps: Array<ElectronApp> = []
  const seenIds = new Set<string>()
  const seenExecutables = new Set<string>()
  const budget = { left: MAX_DESKTOP_FILES }
  let skippedCount = 0
  for (const dir of applicationDirs(options.env, options.home)) {
    for (const file of desktopFiles(dir, budget)) {
      if (seenIds.has(file.id)) continue
      seenIds.add(file.id)
      const text = readDesktop(file.path)
      const entry = text === undefined ? undefined : parseDesktopEntry(text)
      if (entry === undefined || entry.hidden || (entry.type !== undefined && entry.type !== "Application")) continue
      const argv = entry.exec === undefined ? undefined : parseExec(entry.exec)
      const exec = argv === undefined ? undefined : execProgram(argv)
      const program = exec === undefined ? undefined : whichOnPath(exec.program, options.env["PATH"])
      const found = program === undefined ? undefined : inspectExecutable(program)
      if (found === undefined || exec === undefined || program === undefined) {
        skippedCount++
        continue
      }
      if (seenExecutables.has(found.executablePath)) continue
      seenExecutables.add(found.executablePath)
      const name = entry.name ?? file.id.replace(/\.desktop$/, "")
      const sensitivity = classifySensitivity({
        name,
        desktopId: file.id,
        executablePath: found.executablePath,
        categories: entry.categories,
        keywords: entry.keywords
      })
      // Exec arguments are kept only when the desktop file runs the Electron binary itself (not a wrapper script).
      const execArgs = realOrSelf(program) === found.executablePath ? exec.args : []
      apps.push({
        platform: "linux",
        name,
        desktopId: file.id,
        executablePath: found.executablePath,
        appPath: found.appPath,
        evidence: found.evidence,
        packageSource: "desktop-file",
        ...(entry.icon !== undefined ? { icon: entry.icon } : {}),
        ...(execArgs.length > 0 ? { execArgs } : {}),
        ...(sensitivity !== undefined ? { sensitivity } : {})
      })
    }
  }
  for (const root of options.optRoots ?? ["/opt"]) {
    for (const folder of subfolders(root, 2)) {
      if (folderEvidence(folder) === undefined) continue
      const binary = pickExecutable(folder)
      const found = binary === undefined ? undefined : inspectExecutable(binary)
      if (found === undefined) {
        skippedCount++
        continue
      }
      if (seenExecutables.has(found.executablePath)) continue
      seenExecutables.add(found.executablePath)
      const name = folder.split("/").pop() ?? folder
      const sensitivity = classifySensitivity({ name, executablePath: found.executablePath })
      apps.push({
        platform: "linux",
        name,
        executablePath: found.executablePath,
        appPath: found.appPath,
        evidence: found.evidence,
        packageSource: "opt",
        ...(sensitivity !== undefined ? { sensitivity } : {})
      })
    }
  }
  return { apps, skippedCount }
}

/** Folders under root down to `depth` levels, bounded. */
const subfolders = (root: string, depth: number): ReadonlyArray<string> => {
  const out: Array<string> = []
  const walk = (dir: string, level: number) => {
    if (level > depth || out.length > 500) return
    let names: Array<string>
    try {
      names = readdirSync(dir).sort()
    } catch {
      return
    }
    for (const name of names) {
      const path = join(dir, name)
      try {
        if (!statSync(path).isDirectory()) continue
      } catch {
        continue
      }
      out.push(path)
      walk(path, level + 1)
    }
  }
  walk(root, 1)
  return out
}
