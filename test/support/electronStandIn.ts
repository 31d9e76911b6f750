/**
 * A stand-in for an Electron app, built from Debian's Chromium, because no Electron runtime can be installed here.
 * It has the shape discovery and launch look for: an app folder with `resources/app.asar` (a small placeholder
 * file) beside a launcher script that execs headless Chromium with the arguments it was given and a local page,
 * registered through a `.desktop` file in a temporary `XDG_DATA_HOME`. Chromium honours `--user-data-dir`,
 * `--remote-debugging-port=0` and `DevToolsActivePort` exactly as Electron does. It is NOT Electron: app-specific
 * behaviour (the app's own main process, asar loading, webviews) is not exercised.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { chromiumPath, HEADLESS_CHROMIUM_FLAGS, TEST_MARKER } from "./liveEnv.js"

export const STAND_IN_NAME = "Stand-in Electron Chromium"
export const STAND_IN_TITLE = "Stand-in Electron Page"

/** Flags every stand-in launch gets: headless, root-safe, no network chatter. */
export const STAND_IN_CHROMIUM_FLAGS = [
  ...HEADLESS_CHROMIUM_FLAGS,
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic"
] as const

export interface ElectronStandIn {
  readonly root: string
  /** The app folder (what `appPath` names); contains a space to exercise Exec quoting. */
  readonly appDir: string
  /** The launcher script beside `resources/app.asar` (what `executablePath` names). */
  readonly executablePath: string
  readonly desktopId: string
  readonly xdgDataHome: string
  /** Stands in for `/opt` (empty unless a test adds to it). */
  readonly optRoot: string
  /** Private root for launch folders; its path carries the test marker, so a leaked Chromium is found at teardown. */
  readonly privateRoot: string
  readonly home: string
  /** An executable with no Electron evidence beside it. */
  readonly notElectronPath: string
  /** Environment for discovery: only the temporary XDG dirs are scanned. */
  readonly env: Record<string, string>
  readonly dispose: () => void
}

const shellQuote = (s: string) => `'${s.replaceAll("'", "'\\''")}'`

export const makeElectronStandIn = (): ElectronStandIn => {
  const chromium = chromiumPath()
  if (chromium === undefined) throw new Error("the Electron stand-in needs Chromium at /usr/bin/chromium")
  const root = mkdtempSync(join(tmpdir(), `${TEST_MARKER}electron-`))
  const appDir = join(root, "apps", "Stand In App")
  const xdgDataHome = join(root, "xdg-data")
  const xdgDataDir = join(root, "xdg-system")
  const optRoot = join(root, "opt")
  const privateRoot = join(root, "private")
  const home = join(root, "home")
  for (const dir of [
    join(appDir, "resources"),
    join(xdgDataHome, "applications"),
    join(xdgDataDir, "applications"),
    optRoot,
    home,
    join(root, "plain")
  ]) {
    mkdirSync(dir, { recursive: true })
  }
  writeFileSync(join(appDir, "resources", "app.asar"), "stand-in: not a real asar archive\n")
  const page = join(appDir, "index.html")
  writeFileSync(page, `<!doctype html><title>${STAND_IN_TITLE}</title><h1>Stand-in</h1><button>Press</button>\n`)
  const executablePath = join(appDir, "standin-app")
  writeFileSync(
    executablePath,
    `#!/bin/sh\n# Stands in for an Electron app: Chromium with the caller's arguments and a local page.\nexec ${shellQuote(chromium)} ${STAND_IN_CHROMIUM_FLAGS.join(" ")} "$@" ${shellQuote(`file://${page}`)}\n`
  )
  chmodSync(executablePath, 0o755)
  const desktopId = "piab-standin.desktop"
  writeFileSync(
    join(xdgDataHome, "applications", desktopId),
    `[Desktop Entry]\nType=Application\nName=${STAND_IN_NAME}\nExec="${executablePath}" %U\nIcon=standin\nCategories=Utility;\n`
  )
  const notElectronPath = join(root, "plain", "plain-tool")
  writeFileSync(notElectronPath, "#!/bin/sh\nexit 0\n")
  chmodSync(notElectronPath, 0o755)
  return {
    root,
    appDir,
    executablePath,
    desktopId,
    xdgDataHome,
    optRoot,
    privateRoot,
    home,
    notElectronPath,
    env: {
      PATH: process.env["PATH"] ?? "/usr/bin:/bin",
      HOME: home,
      XDG_DATA_HOME: xdgDataHome,
      XDG_DATA_DIRS: xdgDataDir
    },
    dispose: () => rmSync(root, { recursive: true, force: true })
  }
}
