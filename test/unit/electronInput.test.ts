/** The `electron` input: every validation rule and default of the contract, and the allow/deny policy. */
import { describe, expect, it } from "@effect/vitest"
import { Compile } from "typebox/compile"
import * as Either from "effect/Either"
import * as JSONSchema from "effect/JSONSchema"
import { checkLaunchPolicy } from "../../src/electron/launchPolicy.js"
import {
  decodeElectronInput,
  ElectronInput,
  normalizeLaunchTimeout,
  wrapperOwnedFlag
} from "../../src/schema/ElectronInput.js"

const ok = (raw: unknown) => Either.getOrThrow(decodeElectronInput(raw))
const fail = (raw: unknown) => {
  const result = decodeElectronInput(raw)
  if (Either.isRight(result)) throw new Error(`expected a failure for ${JSON.stringify(raw)}`)
  expect(result.left._tag).toBe("InvalidInput")
  return result.left
}

describe("electron input", () => {
  it("list: query and maxResults only; maxResults defaults to 20 and is bounded", () => {
    expect(ok({ action: "list" })).toEqual({ action: "list", maxResults: 20 })
    expect(ok({ action: "list", query: "code", maxResults: 5 })).toEqual({
      action: "list",
      query: "code",
      maxResults: 5
    })
    expect(fail({ action: "list", maxResults: 0 }).message).toContain(
      "electron.maxResults: must be an integer between 1 and 100"
    )
    expect(fail({ action: "list", launchId: "electron-1" }).message).toContain(
      "electron.launchId: is unexpected; list accepts only query, maxResults"
    )
  })

  it("launch: exactly one of appPath, appName, bundleId, executablePath", () => {
    expect(fail({ action: "launch" }).message).toContain(
      "launch needs exactly one of appPath, appName, bundleId, executablePath"
    )
    expect(fail({ action: "launch", appName: "A", executablePath: "/x" }).message).toContain(
      "launch takes exactly one target, got appName and executablePath"
    )
    for (const field of ["appPath", "appName", "bundleId", "executablePath"]) {
      const request = ok({ action: "launch", [field]: "/v" })
      expect(request.action === "launch" && request.launch.target).toEqual({ _tag: field, value: "/v" })
    }
  })

  it("launch defaults: handoff snapshot, targetType page, readiness 15 s, no app args", () => {
    expect(ok({ action: "launch", appName: "App" })).toEqual({
      action: "launch",
      launch: {
        target: { _tag: "appName", value: "App" },
        appArgs: [],
        handoff: "snapshot",
        targetType: "page",
        timeoutMs: 15_000
      }
    })
  })

  it("launch readiness: non-positive values normalize to 15 s, larger ones cap at 120 s, fractions are rejected", () => {
    expect(normalizeLaunchTimeout(undefined)).toBe(15_000)
    expect(normalizeLaunchTimeout(0)).toBe(15_000)
    expect(normalizeLaunchTimeout(-5)).toBe(15_000)
    expect(normalizeLaunchTimeout(30_000)).toBe(30_000)
    expect(normalizeLaunchTimeout(999_999)).toBe(120_000)
    const capped = ok({ action: "launch", appName: "A", timeoutMs: 500_000 })
    expect(capped.action === "launch" && capped.launch.timeoutMs).toBe(120_000)
    expect(fail({ action: "launch", appName: "A", timeoutMs: 1.5 }).message).toContain("electron.timeoutMs")
  })

  it("launch: handoff and targetType take only their literals", () => {
    expect(ok({ action: "launch", appName: "A", handoff: "tabs", targetType: "webview" })).toMatchObject({
      launch: { handoff: "tabs", targetType: "webview" }
    })
    expect(fail({ action: "launch", appName: "A", handoff: "refs" }).field).toBe("electron.handoff")
    expect(fail({ action: "launch", appName: "A", targetType: "worker" }).field).toBe("electron.targetType")
  })

  it("appArgs: wrapper-owned lifecycle/debug flags are rejected in every spelling; others pass through", () => {
    for (const arg of [
      "--user-data-dir=/p",
      "--user-data-dir",
      "--remote-debugging-port=9222",
      "--REMOTE-DEBUGGING-PORT=1",
      "--remote-debugging-address=0.0.0.0",
      "--remote-debugging-pipe",
      "--"
    ]) {
      expect(wrapperOwnedFlag(arg)).toBeDefined()
      expect(fail({ action: "launch", appName: "A", appArgs: ["--safe-mode", arg] }).message).toContain(
        "wrapper-owned flags are not allowed"
      )
    }
    expect(wrapperOwnedFlag("--user-data-directory-ish")).toBeUndefined()
    expect(ok({ action: "launch", appName: "A", appArgs: ["--safe-mode", "--lang=de"] })).toMatchObject({
      launch: { appArgs: ["--safe-mode", "--lang=de"] }
    })
  })

  it("allow/deny: non-empty lists of non-empty strings", () => {
    expect(ok({ action: "launch", appName: "A", allow: ["a"], deny: ["b"] })).toMatchObject({
      launch: { allow: ["a"], deny: ["b"] }
    })
    expect(fail({ action: "launch", appName: "A", allow: [] }).field).toBe("electron.allow")
    expect(fail({ action: "launch", appName: "A", deny: [""] }).field).toBe("electron.deny.0")
  })

  it("status and cleanup: launchId or all (only the literal true), never both; cleanup budget defaults to 5 s", () => {
    expect(ok({ action: "status" })).toEqual({ action: "status", selector: { _tag: "default" } })
    expect(ok({ action: "status", all: true, timeoutMs: 2000 })).toEqual({
      action: "status",
      selector: { _tag: "all" },
      timeoutMs: 2000
    })
    expect(ok({ action: "cleanup", launchId: "electron-x" })).toEqual({
      action: "cleanup",
      selector: { _tag: "one", launchId: "electron-x" },
      timeoutMs: 5_000
    })
    expect(fail({ action: "cleanup", all: false }).message).toContain("electron.all: must be true")
    expect(fail({ action: "status", all: true, launchId: "electron-x" }).message).toContain(
      "launchId and all cannot both be set"
    )
    expect(fail({ action: "cleanup", appName: "A" }).message).toContain("cleanup accepts only launchId, all, timeoutMs")
    expect(fail({ action: "status", timeoutMs: 0 }).message).toContain("must be a positive integer")
  })

  it("probe: launchId and timeoutMs only", () => {
    expect(ok({ action: "probe" })).toEqual({ action: "probe" })
    expect(ok({ action: "probe", launchId: "electron-x", timeoutMs: 3000 })).toEqual({
      action: "probe",
      launchId: "electron-x",
      timeoutMs: 3000
    })
    expect(fail({ action: "probe", all: true }).message).toContain("probe accepts only launchId, timeoutMs")
  })

  it("an unknown or missing action names the supported ones", () => {
    expect(fail({ action: "attach" }).message).toBe(
      "electron.action: must be one of list, launch, status, cleanup, probe"
    )
    expect(fail({}).field).toBe("electron.action")
    expect(fail("list")._tag).toBe("InvalidInput")
  })

  it("derives a JSON Schema (for the tool's parameters) without $ref", () => {
    const json = JSON.stringify(JSONSchema.make(ElectronInput, { target: "jsonSchema7" }))
    expect(json).not.toContain("$ref")
    expect(json).toContain('"launch"')
    const validator = Compile(JSON.parse(json) as never)
    expect(validator.Check({ action: "launch", appName: "A", handoff: "tabs" })).toBe(true)
    expect(validator.Check({ action: "status", all: true })).toBe(true)
    expect(validator.Check({ action: "launch", appName: "A", handoff: "refs" })).toBe(false)
    expect(validator.Check({ action: "fly" })).toBe(false)
  })
})

describe("electron allow/deny policy", () => {
  const app = {
    name: "Slack",
    desktopId: "com.slack.Slack.desktop",
    appPath: "/opt/Slack",
    executablePath: "/opt/Slack/slack"
  }

  it("permits with neither list; matches any identifier by substring in any case", () => {
    expect(Either.isRight(checkLaunchPolicy(app, undefined, undefined))).toBe(true)
    expect(Either.isRight(checkLaunchPolicy(app, ["com.slack"], undefined))).toBe(true)
    expect(Either.isRight(checkLaunchPolicy(app, ["/OPT/"], undefined))).toBe(true)
  })

  it("deny wins over allow and names the entry; an unmatched allow list blocks", () => {
    const denied = checkLaunchPolicy(app, ["slack"], ["Slack"])
    expect(Either.isLeft(denied) && denied.left).toMatchObject({
      _tag: "PolicyBlocked",
      policy: { list: "deny", entry: "Slack" }
    })
    const notAllowed = checkLaunchPolicy(app, ["code"], undefined)
    expect(Either.isLeft(notAllowed) && notAllowed.left).toMatchObject({
      _tag: "PolicyBlocked",
      policy: { list: "allow" }
    })
  })
})
