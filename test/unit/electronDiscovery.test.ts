/**
 * Electron discovery on temporary folders: desktop-file parsing and Exec field codes, XDG precedence, /opt scans,
 * Electron evidence (symlinks, launcher scripts, bundles), macOS bundle layout, sensitivity hints, query matching.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { parseDevToolsActivePort } from "../../src/upstream/devTools.js"
import { execProgram, parseDesktopEntry, parseExec } from "../../src/electron/desktopEntry.js"
import { discoverApps, listApps, matchApps } from "../../src/layers/electronHost/discoverApps.js"
import { applicationDirs } from "../../src/layers/electronHost/discoverLinux.js"
import { inspectAppPath, inspectExecutable, scriptPaths } from "../../src/layers/electronHost/electronEvidence.js"
import { parseInfoPlist } from "../../src/layers/electronHost/macBundle.js"
import { classifySensitivity } from "../../src/electron/sensitivity.js"
import type { ElectronApp } from "../../src/schema/ElectronRecord.js"

let root = ""
const write = (path: string, text: string, mode?: number) => {
  mkdirSync(join(path, ".."), { recursive: true })
  writeFileSync(path, text)
  if (mode !== undefined) chmodSync(path, mode)
}
/** An Electron-shaped app folder: `resources/app.asar` (or `resources/app/`) beside an executable. */
const electronFolder = (folder: string, binary: string, kind: "asar" | "folder" = "asar") => {
  if (kind === "asar") write(join(folder, "resources", "app.asar"), "asar")
  else mkdirSync(join(folder, "resources", "app"), { recursive: true })
  write(join(folder, binary), "#!/bin/sh\nexit 0\n", 0o755)
  write(join(folder, "chrome-sandbox"), "", 0o755)
  return join(folder, binary)
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "piab-electron-unit-"))
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe("desktop entries", () => {
  it("reads the [Desktop Entry] group only, unescapes values, ignores localized keys and comments", () => {
    const entry = parseDesktopEntry(
      "# c\n[Desktop Entry]\nName=Code\\sEditor\nName[de]=Kode\nExec=/usr/bin/code %F\nCategories=Development;IDE;\nKeywords=vscode;\nNoDisplay=false\n[Desktop Action new]\nName=New Window\nExec=/other\n"
    )
    expect(entry).toEqual({
      name: "Code Editor",
      exec: "/usr/bin/code %F",
      categories: ["Development", "IDE"],
      keywords: ["vscode"],
      hidden: false
    })
    expect(parseDesktopEntry("[Desktop Entry]\nHidden=true\n").hidden).toBe(true)
    expect(parseDesktopEntry("[Desktop Entry]\nNoDisplay=true\n").hidden).toBe(true)
  })

  it("Exec: quotes, escapes, field codes removed, %% kept as %", () => {
    expect(parseExec("/opt/App/app --no-sandbox %U")).toEqual(["/opt/App/app", "--no-sandbox"])
    expect(parseExec('"/opt/My App/app" %F --flag')).toEqual(["/opt/My App/app", "--flag"])
    expect(parseExec('"/opt/a\\"b/app" --x=\\$HOME')).toEqual(['/opt/a"b/app', "--x=\\$HOME"])
    expect(parseExec("app --title=%c --name=100%% %i %k")).toEqual(["app", "--title=", "--name=100%"])
    expect(parseExec('"/opt/unterminated')).toBeUndefined()
  })

  it("Exec: an env prefix with assignments is skipped to the real program", () => {
    expect(execProgram(["env", "GDK_BACKEND=x11", "-u", "/opt/App/app", "--x"])).toEqual({
      program: "/opt/App/app",
      args: ["--x"]
    })
    expect(execProgram(["/usr/bin/env", "A=1", "app"])).toEqual({ program: "app", args: [] })
    expect(execProgram(["/opt/App/app"])).toEqual({ program: "/opt/App/app", args: [] })
  })

  it("XDG application dirs: $XDG_DATA_HOME first, then $XDG_DATA_DIRS; spec defaults; relative entries ignored", () => {
    expect(applicationDirs({}, "/home/u")).toEqual([
      "/home/u/.local/share/applications",
      "/usr/local/share/applications",
      "/usr/share/applications"
    ])
    expect(applicationDirs({ XDG_DATA_HOME: "/x", XDG_DATA_DIRS: "/a:rel:/b" }, "/home/u")).toEqual([
      "/x/applications",
      "/a/applications",
      "/b/applications"
    ])
    expect(applicationDirs({ XDG_DATA_HOME: "relative" }, "/h")[0]).toBe("/h/.local/share/applications")
  })
})

describe("Electron evidence", () => {
  it("resources/app.asar or resources/app/ beside the executable; helpers and plain binaries are not apps", () => {
    const asar = electronFolder(join(root, "ev", "Asar App"), "asar-app")
    const dir = electronFolder(join(root, "ev", "dirapp"), "dirapp", "folder")
    write(join(root, "ev", "plain", "tool"), "#!/bin/sh\n", 0o755)
    expect(inspectExecutable(asar)).toEqual({
      executablePath: asar,
      appPath: join(root, "ev", "Asar App"),
      evidence: "app.asar"
    })
    expect(inspectExecutable(dir)?.evidence).toBe("app-folder")
    expect(inspectExecutable(join(root, "ev", "plain", "tool"))).toBeUndefined()
    expect(inspectAppPath(join(root, "ev", "Asar App"))?.executablePath).toBe(asar)
    expect(inspectAppPath(join(root, "ev", "plain"))).toBeUndefined()
  })

  it("follows symlinks and launcher scripts to the Electron binary", () => {
    const binary = electronFolder(join(root, "ev2", "opt", "Linked"), "linked")
    const link = join(root, "ev2", "bin", "linked")
    mkdirSync(join(root, "ev2", "bin"), { recursive: true })
    symlinkSync(binary, link)
    expect(inspectExecutable(link)?.executablePath).toBe(binary)
    const script = join(root, "ev2", "bin", "launch-linked")
    write(script, `#!/bin/sh\n# starts ${join(root, "nowhere")}\nexport X=1\nexec "${binary}" "$@"\n`, 0o755)
    expect(inspectExecutable(script)?.executablePath).toBe(binary)
    expect(scriptPaths(`APP=/usr/lib/app/app\nexec "/opt/x y" "$@"`)).toEqual(["/usr/lib/app/app", "/opt/x"])
  })

  it("macOS bundles: Contents/Resources/app.asar and Contents/MacOS/<CFBundleExecutable>", () => {
    const bundle = join(root, "mac", "Applications", "Notes Thing.app")
    write(join(bundle, "Contents", "Resources", "app.asar"), "asar")
    write(join(bundle, "Contents", "MacOS", "NotesBin"), "", 0o755)
    write(
      join(bundle, "Contents", "Info.plist"),
      '<?xml version="1.0"?><plist><dict><key>CFBundleExecutable</key><string>NotesBin</string><key>CFBundleIdentifier</key><string>com.example.notes</string><key>CFBundleName</key><string>Notes &amp; Thing</string></dict></plist>'
    )
    expect(parseInfoPlist("<key>CFBundleIdentifier</key>\n  <string>a.b</string>")).toEqual({ bundleId: "a.b" })
    expect(inspectAppPath(bundle)).toEqual({
      executablePath: join(bundle, "Contents", "MacOS", "NotesBin"),
      appPath: bundle,
      evidence: "app.asar"
    })
    const found = discoverApps({
      platform: "darwin",
      env: {},
      home: join(root, "mac", "home"),
      macRoots: [join(root, "mac", "Applications")]
    })
    expect(found.platform).toBe("darwin")
    expect(found.apps).toEqual([
      {
        platform: "darwin",
        name: "Notes & Thing",
        appPath: bundle,
        executablePath: join(bundle, "Contents", "MacOS", "NotesBin"),
        evidence: "app.asar",
        packageSource: "applications",
        bundleId: "com.example.notes",
        sensitivity: { level: "likely-sensitive", categories: ["notes"] }
      }
    ])
  })
})

describe("Linux discovery", () => {
  it("finds Electron apps from desktop files (earlier XDG dir wins) and /opt, counts the rest as skipped", () => {
    const base = join(root, "linux")
    const chat = electronFolder(join(base, "apps", "Chatter"), "chatter")
    const editor = electronFolder(join(base, "opt", "Editor"), "editor")
    write(
      join(base, "home-data", "applications", "chatter.desktop"),
      `[Desktop Entry]\nType=Application\nName=Chatter\nExec=${chat} --enable-features=X %U\nCategories=Network;InstantMessaging;\n`
    )
    write(
      join(base, "sys", "applications", "chatter.desktop"),
      "[Desktop Entry]\nType=Application\nName=Shadowed\nExec=/nowhere\n"
    )
    write(
      join(base, "sys", "applications", "plain.desktop"),
      "[Desktop Entry]\nType=Application\nName=Plain\nExec=sh -c true\n"
    )
    write(
      join(base, "sys", "applications", "hidden.desktop"),
      `[Desktop Entry]\nType=Application\nName=Hidden\nNoDisplay=true\nExec=${chat}\n`
    )
    const env = { XDG_DATA_HOME: join(base, "home-data"), XDG_DATA_DIRS: join(base, "sys"), PATH: "/usr/bin:/bin" }
    const found = discoverApps({ platform: "linux", env, home: base, optRoots: [join(base, "opt")] })
    expect(found.apps.map((a) => [a.name, a.packageSource, a.executablePath])).toEqual([
      ["Chatter", "desktop-file", chat],
      ["Editor", "opt", editor]
    ])
    expect(found.apps[0]).toMatchObject({
      desktopId: "chatter.desktop",
      execArgs: ["--enable-features=X"],
      sensitivity: { categories: ["chat"] }
    })
    expect(found.skippedCount).toBe(1)
    const listed = listApps({ platform: "linux", env, home: base, optRoots: [join(base, "opt")] }, "chat", 1)
    expect(listed).toMatchObject({ platform: "linux", query: "chat", maxResults: 1, sensitiveAppCount: 1 })
    expect(listed.apps.map((a) => a.name)).toEqual(["Chatter"])
    expect(
      listApps({ platform: "linux", env, home: base, optRoots: [join(base, "opt")] }, undefined, 1).omittedCount
    ).toBe(1)
  })

  it("other platforms answer unsupported with no apps", () => {
    expect(listApps({ platform: "win32", env: {}, home: root }, undefined, 20)).toEqual({
      platform: "unsupported",
      apps: [],
      maxResults: 20,
      skippedCount: 0
    })
  })
})

describe("sensitivity and matching", () => {
  it("annotates likely-sensitive apps by name and desktop category; word boundaries avoid false hits", () => {
    expect(classifySensitivity({ name: "Obsidian" })?.categories).toEqual(["notes"])
    expect(classifySensitivity({ name: "Visual Studio Code" })?.categories).toEqual(["developer-workspace"])
    expect(classifySensitivity({ name: "Bitwarden" })?.categories).toEqual(["passwords-auth"])
    expect(classifySensitivity({ name: "Mailspring" })?.categories).toEqual(["mail"])
    expect(classifySensitivity({ name: "Internal", categories: ["Network", "Email"] })?.categories).toEqual(["mail"])
    expect(classifySensitivity({ name: "Barcode Studio" })).toBeUndefined()
    expect(classifySensitivity({ name: "Calculator" })).toBeUndefined()
  })

  it("query: every word must match some identifier; exact and prefix name matches rank first", () => {
    const app = (name: string, desktopId?: string): ElectronApp => ({
      platform: "linux",
      name,
      appPath: `/opt/${name}`,
      executablePath: `/opt/${name}/bin`,
      evidence: "app.asar",
      packageSource: "opt",
      ...(desktopId ? { desktopId } : {})
    })
    const apps = [app("My Code Tool"), app("Code"), app("Coder Pro"), app("Slack", "com.slack.Slack.desktop")]
    expect(matchApps(apps, "code").map((a) => a.name)).toEqual(["Code", "Coder Pro", "My Code Tool"])
    expect(matchApps(apps, "com.slack").map((a) => a.name)).toEqual(["Slack"])
    expect(matchApps(apps, "my tool").map((a) => a.name)).toEqual(["My Code Tool"])
    expect(matchApps(apps, undefined)).toHaveLength(4)
  })
})

describe("CDP and process files", () => {
  it("DevToolsActivePort: port on the first line, browser path on the second", () => {
    expect(parseDevToolsActivePort("41234\n/devtools/browser/abc\n")).toEqual({
      port: 41234,
      browserPath: "/devtools/browser/abc"
    })
    expect(parseDevToolsActivePort("41234")).toEqual({ port: 41234 })
    expect(parseDevToolsActivePort("")).toBeUndefined()
    expect(parseDevToolsActivePort("99999\n")).toBeUndefined()
  })
})
