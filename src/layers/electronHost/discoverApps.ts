/**
 * Discovery by platform (Linux and macOS; anything else answers `unsupported`), query matching and the bounded
 * list result. Query matching: every whitespace-separated word must occur (any case) in the app's name, desktop id,
 * bundle id or paths; exact and prefix name matches rank first.
 */
import type { ElectronApp, ElectronListResult } from "../../schema/ElectronRecord.js"
import { type Discovery, discoverLinux } from "./discoverLinux.js"
import { discoverMac } from "./discoverMac.js"

export interface DiscoveryEnvironment {
  readonly platform: NodeJS.Platform
  readonly env: Readonly<Record<string, string | undefined>>
  readonly home: string
  /** Test seams: folders standing in for `/opt` (Linux) and `/Applications` (macOS). */
  readonly optRoots?: ReadonlyArray<string>
  readonly macRoots?: ReadonlyArray<string>
}

export type DiscoveryPlatform = ElectronListResult["platform"]

export const discoveryPlatform = (platform: NodeJS.Platform): DiscoveryPlatform =>
  platform === "linux" ? "linux" : platform === "darwin" ? "darwin" : "unsupported"

export const discoverApps = (world: DiscoveryEnvironment): Discovery & { readonly platform: DiscoveryPlatform } => {
  const platform = discoveryPlatform(world.platform)
  if (platform === "linux") {
    return {
      platform,
      ...discoverLinux({
        env: world.env,
        home: world.home,
        ...(world.optRoots !== undefined ? { optRoots: world.optRoots } : {})
      })
    }
  }
  if (platform === "darwin")
    return {
      platform,
      ...discoverMac({ home: world.home, ...(world.macRoots !== undefined ? { roots: world.macRoots } : {}) })
    }
  return { platform, apps: [], skippedCount: 0 }
}

const haystack = (app: ElectronApp): string =>
  [app.name, app.desktopId ?? "", app.bundleId ?? "", app.appPath, app.executablePath].join("\n").toLowerCase()

const rank = (app: ElectronApp, query: string): number => {
  const name = app.name.toLowerCase()
  return name === query ? 0 : name.startsWith(query) ? 1 : name.includes(query) ? 2 : 3
}

export const matchApps = (apps: ReadonlyArray<ElectronApp>, query: string | undefined): ReadonlyArray<ElectronApp> => {
  if (query === undefined || query.trim() === "") return apps
  const q = query.trim().toLowerCase()
  const words = q.split(/\s+/)
  return apps
    .filter((app) => words.every((w) => haystack(app).includes(w)))
    .map((app, index) => ({ app, index, rank: rank(app, q) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((x) => x.app)
}

export const listApps = (
  world: DiscoveryEnvironment,
  query: string | undefined,
  maxResults: number
): ElectronListResult => {
  const found = discoverApps(world)
  const matched = matchApps(found.apps, query)
  const apps = matched.slice(0, maxResults)
  const sensitive = apps.filter((a) => a.sensitivity !== undefined).length
  return {
    platform: found.platform,
    apps,
    maxResults,
    skippedCount: found.skippedCount,
    ...(query !== undefined ? { query } : {}),
    ...(matched.length > apps.length ? { omittedCount: matched.length - apps.length } : {}),
    ...(sensitive > 0 ? { sensitiveAppCount: sensitive } : {})
  }
}
