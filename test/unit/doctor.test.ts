/** The package doctor, with and without each dependency. */
import { existsSync, mkdirSync, readdirSync, realpathSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import * as Effect from "effect/Effect"
import { describe, expect, it } from "@effect/vitest"
import { formatDoctor, runDoctor } from "../../src/program/doctor/doctor.js"
import { makeServicesLayer } from "../../src/layers/MainLive.js"
import { toolConfigLayer } from "../../src/layers/ToolConfigLive.js"
import { suiteTempRoot, testConfig } from "../support/fakeHarness.js"
import { CHROMIUM_ARGS, REPO } from "../support/liveEnv.js"
import { CONFIG_DIR } from "../../src/config/configPaths.js"
import * as Context from "effect/Context"
import * as Layer from "effect/Layer"
import { FakeOsProcesses } from "../../src/layers/test/FakeOsProcesses.js"
import type { OsProcesses } from "../../src/services/OsProcesses.js"

const temp = suiteTempRoot()

const doctor = (env: Record<string, string>) =>
  Effect.provide(runDoctor(temp.root), makeServicesLayer({ config: toolConfigLayer(testConfig(temp.root, { env })) }))

describe("doctor", () => {
  it.scopedLive("passes agent-browser and the browser when both are there and the browser starts", () =>
    Effect.gen(function* () {
      const checks = yield* doctor({
        PATH: `${REPO}/node_modules/.bin:/usr/bin:/bin`,
        HOME: temp.root,
        AGENT_BROWSER_EXECUTABLE_PATH: "/usr/bin/chromium",
        AGENT_BROWSER_ARGS: CHROMIUM_ARGS
      })
      expect(checks.find((c) => c.id === "agent-browser")).toMatchObject({ status: "pass" })
      expect(checks.find((c) => c.id === "agent-browser")?.message).toContain("0.41.2")
      expect(checks.find((c) => c.id === "browser")).toMatchObject({ status: "pass" })
      expect(checks.find((c) => c.id === "browser")?.message).toMatch(
        /^browser \/usr\/bin\/chromium \(from AGENT_BROWSER_EXECUTABLE_PATH\) starts \(Headless launch/
      )
    })
  )

  it.scopedLive(
    "as root without AGENT_BROWSER_ARGS: the browser starts and nothing warns about the sandbox; nothing is left in the socket folder",
    () =>
      Effect.gen(function* () {
        const socketDir = join(temp.root, "root-check-sockets")
        const checks = yield* Effect.provide(
          runDoctor(temp.root),
          makeServicesLayer({
            config: toolConfigLayer(
              testConfig(temp.root, {
                socketDir,
                env: {
                  PATH: `${REPO}/node_modules/.bin:/usr/bin:/bin`,
                  HOME: temp.root,
                  AGENT_BROWSER_EXECUTABLE_PATH: "/usr/bin/chromium"
                }
              })
            )
          })
        )
        if (process.getuid?.() === 0) expect(checks.find((c) => c.id === "browser")).toMatchObject({ status: "pass" })
        expect(checks.filter((c) => /sandbox/i.test(`${c.message} ${c.fix ?? ""}`))).toEqual([])
        expect(existsSync(socketDir) ? readdirSync(socketDir) : []).toEqual([])
      })
  )

  it.scopedLive("names the browser that cannot start and why, with the same advice as a failed call", () =>
    Effect.gen(function* () {
      const standIn = join(temp.root, "exits-at-once")
      writeFileSync(standIn, "#!/bin/sh\necho 'stand-in refuses' >&2\nexit 1\n", { mode: 0o755 })
      const checks = yield* doctor({
        PATH: `${REPO}/node_modules/.bin:/usr/bin:/bin`,
        HOME: temp.root,
        AGENT_BROWSER_EXECUTABLE_PATH: standIn,
        AGENT_BROWSER_ARGS: CHROMIUM_ARGS
      })
      const browser = checks.find((c) => c.id === "browser")
      expect(browser).toMatchObject({
        status: "fail",
        message: `browser does not start: ${standIn} (set by AGENT_BROWSER_EXECUTABLE_PATH) exited at once (exit code 1) before opening DevTools.`
      })
      expect(browser?.fix).toContain(
        "AGENT_BROWSER_EXECUTABLE_PATH, --executable-path or config browser.executablePath"
      )
      expect(browser?.fix).toContain("agent-browser install")
    })
  )

  it.scopedLive("explains how to fix a missing agent-browser and a missing browser", () =>
    Effect.gen(function* () {
      const checks = yield* doctor({
        PATH: "/nonexistent",
        HOME: temp.root,
        AGENT_BROWSER_EXECUTABLE_PATH: "/nonexistent/chrome"
      })
      expect(checks.find((c) => c.id === "agent-browser")).toMatchObject({
        status: "fail",
        fix: "npm install -g agent-browser@0.41 (this package does not bundle it)"
      })
      expect(checks.find((c) => c.id === "browser")?.status).toBe("fail")
      expect(formatDoctor(checks)).toContain(
        "✗ agent-browser not found on PATH\n    fix: npm install -g agent-browser@0.41"
      )
    })
  )

  it.scopedLive("warns when pi's settings load this package from two sources", () =>
    Effect.gen(function* () {
      const agentDir = join(temp.root, "agent")
      mkdirSync(agentDir, { recursive: true })
      writeFileSync(
        join(agentDir, "settings.json"),
        JSON.stringify({ packages: ["npm:pi-agent-browser-effect", "/src/pi-agent-browser-effect"] })
      )
      const checks = yield* doctor({ PATH: "/nonexistent", HOME: temp.root, PI_CODING_AGENT_DIR: agentDir })
      expect(checks.find((c) => c.id === "duplicates")).toMatchObject({ status: "warn" })
      // one call per session across processes: the OS lock is there (fs-native-extensions)
      expect(checks.find((c) => c.id === "lock")).toMatchObject({ status: "pass" })
      expect(checks.find((c) => c.id === "lock")?.message).toContain("lock beside each session's socket")
    })
  )

  const homeWith = (name: string, config: unknown) => {
    const home = join(temp.root, name)
    mkdirSync(join(home, CONFIG_DIR), { recursive: true })
    writeFileSync(join(home, CONFIG_DIR, "config.json"), JSON.stringify(config))
    return { home, file: join(home, CONFIG_DIR, "config.json") }
  }

  it.scopedLive(
    "lists the preset, each rule with its source, and secret names with origins, never values or sources",
    () =>
      Effect.gen(function* () {
        const { file, home } = homeWith("sec-home", {
          security: { eval: "allow" },
          secrets: {
            LOGIN: { value: "!echo doctor-secret-value", origins: ["https://App.Example:443"] },
            API: { value: "$DOCTOR_TOKEN", origins: ["http://127.0.0.1:8080"] }
          }
        })
        const checks = yield* doctor({
          PATH: "/nonexistent",
          HOME: home,
          PI_AGENT_BROWSER_SECURITY_PRESET: "strict",
          DOCTOR_TOKEN: "doctor-token-value"
        })
        expect(checks.find((c) => c.id === "security")).toMatchObject({
          status: "info",
          message: [
            "security preset strict (from PI_AGENT_BROWSER_SECURITY_PRESET)",
            "    blockedSchemes: file, chrome, chrome-extension, devtools, view-source, javascript, data (from PI_AGENT_BROWSER_SECURITY_PRESET)",
            "    eval: deny (from PI_AGENT_BROWSER_SECURITY_PRESET)",
            "    passwordFields: secrets-only (from PI_AGENT_BROWSER_SECURITY_PRESET)",
            `    uploadRoots: ${realpathSync(temp.root)} (from PI_AGENT_BROWSER_SECURITY_PRESET)`,
            "    contentBoundaries: on (from PI_AGENT_BROWSER_SECURITY_PRESET)"
          ].join("\n")
        })
        const secrets = checks.find((c) => c.id === "secrets")
        expect(secrets?.message).toBe(
          `secrets (names and origins only):\n    LOGIN → https://app.example (from ${file})\n    API → http://127.0.0.1:8080 (from ${file})`
        )
        const text = formatDoctor(checks)
        for (const hidden of ["doctor-secret-value", "echo", "doctor-token-value", "DOCTOR_TOKEN"])
          expect(text).not.toContain(hidden)
        const standard = yield* doctor({ PATH: "/nonexistent", HOME: home })
        expect(standard.find((c) => c.id === "security")?.message).toContain(`    eval: allow (from ${file})`)
        expect(standard.find((c) => c.id === "security")?.message).toContain(
          `    uploadRoots: ${realpathSync(temp.root)} (from default)`
        )
      })
  )

  it.scopedLive("a malformed security block is a failed check naming the file and the key", () =>
    Effect.gen(function* () {
      const { file, home } = homeWith("bad-sec-home", {
        browser: { profile: "Work" },
        security: { preset: "strict", evl: "deny" }
      })
      const checks = yield* doctor({ PATH: "/nonexistent", HOME: home })
      const security = checks.find((c) => c.id === "security")
      expect(security).toMatchObject({
        status: "fail",
        fix: "fix the key or remove it; the policy is never guessed (docs/SECURITY.md)"
      })
      expect(security?.message).toContain(`${file}: security.evl: unknown key`)
      expect(checks.find((c) => c.id === "secrets")).toBeUndefined()
      expect(formatDoctor(checks)).toContain(`✗ security config is malformed`)
    })
  )

  const platformChecks = (
    settings: { env: Record<string, string>; socketDir?: string },
    osProcesses?: Layer.Layer<OsProcesses>
  ) =>
    Effect.map(
      Effect.provide(
        runDoctor(temp.root, { launchTest: false }),
        makeServicesLayer({
          config: toolConfigLayer(testConfig(temp.root, settings)),
          ...(osProcesses !== undefined ? { osProcesses } : {})
        })
      ),
      (checks) => ({
        processes: checks.find((c) => c.id === "processes"),
        socket: checks.find((c) => c.id === "sockets")
      })
    )

  it.scopedLive(
    "names the platform and the process table it found this process in, and what that table cannot check",
    () =>
      Effect.gen(function* () {
        const proc = yield* platformChecks({ env: { PATH: "/usr/bin:/bin", HOME: temp.root } })
        expect(proc.processes).toMatchObject({
          status: "pass",
          message: `${process.platform} (${process.arch}), process table proc: /proc/<pid>/stat and /proc/<pid>/cmdline; found this process (pid ${process.pid}) again by pid and start time`
        })
        const ps = yield* platformChecks({
          env: { PATH: "/usr/bin:/bin", HOME: temp.root, PI_AGENT_BROWSER_PROCESS_TABLE: "ps" }
        })
        expect(ps.processes?.status).toBe("pass")
        expect(ps.processes?.message).toMatch(
          /^linux \(\w+\), process table ps: ps -ww -o pid,ppid,pgid,lstart,stat,args .*; found this process .*; not checked: a pid reused within the same second/
        )
      })
  )

  it.scopedLive("a process table that cannot be read, or that does not find this process, fails with a fix", () =>
    Effect.gen(function* () {
      const unreadable = Layer.tap(FakeOsProcesses.layer([{ pid: process.pid }]), (ctx) =>
        Context.get(ctx, FakeOsProcesses).setUnavailable(true)
      )
      const failed = yield* platformChecks({ env: { PATH: "/usr/bin:/bin", HOME: temp.root } }, unreadable)
      expect(failed.processes).toMatchObject({ status: "fail", fix: "use a live process table" })
      expect(failed.processes?.message).toContain(
        "the process table (test) could not be read (failed): the test table was made unreadable: no process guarantee holds"
      )
      const blind = yield* platformChecks(
        { env: { PATH: "/usr/bin:/bin", HOME: temp.root } },
        FakeOsProcesses.layer([])
      )
      expect(blind.processes).toMatchObject({
        status: "fail",
        message: `${process.platform} (${process.arch}), process table test: in-memory table; this process (pid ${process.pid}) was not found again by its pid and start time`
      })
    })
  )

  it.scopedLive(
    "the socket folder: the bytes a session socket takes of the platform's limit, or a failure naming the fix",
    () =>
      Effect.gen(function* () {
        const fits = yield* platformChecks({
          env: { PATH: "/usr/bin:/bin", HOME: temp.root },
          socketDir: join(temp.root, "s")
        })
        expect(fits.socket).toMatchObject({ status: "pass" })
        expect(fits.socket?.message).toMatch(
          new RegExp(`^socket folder ${join(temp.root, "s")}: a session socket path takes \\d+ of 107 bytes$`)
        )
        const deep = join(temp.root, "a-socket-folder-far-too-deep-for-any-unix-socket-path", "x".repeat(40))
        const tooLong = yield* platformChecks({ env: { PATH: "/usr/bin:/bin", HOME: temp.root }, socketDir: deep })
        expect(tooLong.socket).toMatchObject({
          status: "fail",
          fix: "set PI_AGENT_BROWSER_SOCKET_DIR to a short private folder (e.g. /tmp/piab)"
        })
        expect(tooLong.socket?.message).toMatch(/would be \d+ bytes; linux allows 107$/)
      })
  )
})
