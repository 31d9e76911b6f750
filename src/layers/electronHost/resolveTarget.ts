/**
 * Turns a launch target (appName, bundleId, appPath, executablePath) into one verified Electron app, or an
 * InvalidInput that says why: not found, ambiguous, not Electron, or not resolvable on this platform.
 */
import { existsSync } from "node:fs"
import { basename, isAbsolute } from "node:path"
import * as Either from "effect/Either"
import type { LaunchTarget } from "../../schema/ElectronInput.js"
import type { ElectronApp } from "../../schema/ElectronRecord.js"
import { InvalidInput } from "../../schema/ToolError.js"
import { type DiscoveryEnvironment, discoverApps, discoveryPlatform } from "./discoverApps.js"
import { type ElectronExecutable, inspectAppPath, inspectExecutable } from "./electronEvidence.js"
import { readInfoPlist } from "./macBundle.js"

const invalid = (field: string, message: string) =>
  Either.left(new InvalidInput({ field: `electron.${field}`, detail: `electron.${field}: ${message}` }))

const bareId = (id: string) => id.toLowerCase().replace(/\.desktop$/, "")

const fromPath = (found: ElectronExecutable, world: DiscoveryEnvironment): ElectronApp => {
  const isBundle = found.appPath.endsWith(".app")
  const plist = isBundle ? readInfoPlist(found.appPath) : {}
  const name = plist.name ?? (isBundle ? basename(found.appPath, ".app") : basename(found.appPath))
  return {
    platform: discoveryPlatform(world.platform) === "darwin" ? "darwin" : "linux",
    name,
    executablePath: found.executablePath,
    appPath: found.appPath,
    evidence: found.evidence,
    packageSource: "path",
    ...(plist.bundleId !== undefined ? { bundleId: plist.bundleId } : {})
  }
}

const pickOne = (
  field: string,
  value: string,
  candidates: ReadonlyArray<ElectronApp>
): Either.Either<ElectronApp, InvalidInput> => {
  const [first, ...rest] = candidates
  if (first === undefined)
    return invalid(field, `no Electron app matches "${value}"; run electron list to see what was found`)
  if (rest.length > 0) {
    const names = candidates
      .slice(0, 5)
      .map((a) => `${a.name} (${a.executablePath})`)
      .join(", ")
    return invalid(field, `"${value}" matches ${candidates.length} apps: ${names}; use executablePath or appPath`)
  }
  return Either.right(first)
}

export const resolveLaunchTarget = (
  target: LaunchTarget,
  world: DiscoveryEnvironment
): Either.Either<ElectronApp, InvalidInput> => {
  switch (target._tag) {
    case "executablePath":
    case "appPath": {
      const path = target.value
      if (!isAbsolute(path)) return invalid(target._tag, "must be an absolute path")
      if (!existsSync(path)) return invalid(target._tag, `nothing at ${path}`)
      const found = target._tag === "executablePath" ? inspectExecutable(path) : inspectAppPath(path)
      if (found === undefined) {
        return invalid(
          target._tag,
          `${path} is not an Electron app (no resources/app.asar or resources/app/ beside an executable); ` +
            "the wrapper launches only verified Electron apps"
        )
      }
      return Either.right(fromPath(found, world))
    }
    case "appName":
    case "bundleId": {
      const found = discoverApps(world)
      if (found.platform === "unsupported") {
        return invalid(
          target._tag,
          `app discovery is not supported on ${world.platform}; use executablePath or appPath`
        )
      }
      const value = target.value.toLowerCase()
      if (target._tag === "bundleId") {
        return pickOne(
          target._tag,
          target.value,
          found.apps.filter(
            (a) =>
              a.bundleId?.toLowerCase() === value ||
              (a.desktopId !== undefined && bareId(a.desktopId) === bareId(value))
          )
        )
      }
      const exact = found.apps.filter(
        (a) => a.name.toLowerCase() === value || (a.desktopId !== undefined && bareId(a.desktopId) === bareId(value))
      )
      return pickOne(
        target._tag,
        target.value,
        exact.length > 0 ? exact : found.apps.filter((a) => a.name.toLowerCase().includes(value))
      )
    }
  }
}
