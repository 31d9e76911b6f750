/**
 * macOS discovery, written against Apple's documented bundle layout (not run on a Mac here): `*.app` bundles in
 * `/Applications` and `~/Applications` (and one folder deeper, e.g. `/Applications/Utilities`), counted as Electron
 * with `Contents/Resources/app.asar` (or `app/`) or an `Electron Framework.framework`.
 */
import { readdirSync, statSync } from "node:fs"
import { basename, join } from "node:path"
import type { ElectronApp } from "../../schema/ElectronRecord.js"
import type { Discovery } from "./discoverLinux.js"
import { bundleEvidence, isExecutableFile } from "./electronEvidence.js"
import { bundleExecutable, readInfoPlist } from "./macBundle.js"
import { classifySensitivity } from "../../electron/sensitivity.js"

export interface MacDiscoveryOptions {
  readonly home: string
  /** Folders holding `.app` bundles; `/Applications` and `~/Applications` unless a test says otherwise. */
  readonly roots?: ReadonlyArray<string>
}

const bundles = (root: string, depth: number): ReadonlyArray<string> => {
  let names: Array<string>
  try {
    names = readdirSync(root).sort()
  } catch {
    return []
  }
  return names.flatMap((name) => {
    const path = join(root, name)
    if (name.endsWith(".app")) return [path]
    if (depth > 0 && !name.startsWith(".")) {
      try {
        if (statSync(path).isDirectory()) return bundles(path, depth - 1)
      } catch {
        return []
      }
    }
    return []
  })
}

export const discoverMac = (options: MacDiscoveryOptions): Discovery => {
  const apps: Array<ElectronApp> = []
  let skippedCount = 0
  for (const root of options.roots ?? ["/Applications", join(options.home, "Applications")]) {
    for (const bundle of bundles(root, 1)) {
      const evidence = bundleEvidence(bundle)
      const plist = evidence === undefined ? {} : readInfoPlist(bundle)
      const executable = bundleExecutable(bundle, plist)
      if (evidence === undefined || !isExecutableFile(executable)) {
        skippedCount++
        continue
      }
      const name = plist.name ?? basename(bundle, ".app")
      const sensitivity = classifySensitivity({
        name,
        ...(plist.bundleId !== undefined ? { bundleId: plist.bundleId } : {}),
        executablePath: executable
      })
      apps.push({
        platform: "darwin",
        name,
        appPath: bundle,
        executablePath: executable,
        evidence,
        packageSource: "applications",
        ...(plist.bundleId !== undefined ? { bundleId: plist.bundleId } : {}),
        ...(sensitivity !== undefined ? { sensitivity } : {})
      })
    }
  }
  return { apps, skippedCount }
}
