/**
 * Browser permissions a command needs (#45): which command asks for which permission, what `set geo` says with and
 * without a grant, and, through the tool on the fake graph, the grant asked per command and the connection released
 * with the session's close. The live layer's held connection is `permissionGrantsLive.test.ts`.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { FakeAgentBrowser, type ScriptedRun } from "../../src/layers/test/FakeAgentBrowser.js"
import { FakePermissionGrants } from "../../src/layers/test/FakePermissionGrants.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { grantShown } from "../../src/presenters/text/permissionText.js"
import { PermissionGrants } from "../../src/services/PermissionGrants.js"
import { permissionsOf } from "../../src/upstream/commandPermissions.js"
import { parseCommandLine } from "../../src/upstream/commandLine.js"
import { call, fakeLayer, openBatch, resultText, suiteTempRoot } from "../support/fakeHarness.js"

const temp = suiteTempRoot()

const CLIPBOARD = ["clipboardReadWrite", "clipboardSanitizedWrite"]

const script = (): ReadonlyArray<ScriptedRun> => [
  openBatch({ url: "http://a.test/", title: "A" }, undefined, true),
  { when: (r) => r.args.includes("geo"), reply: FakeAgentBrowser.ok({ latitude: 59.91, longitude: 10.75 }) },
  { when: (r) => r.args.includes("close"), reply: FakeAgentBrowser.ok({ closed: true }) },
  { reply: FakeAgentBrowser.ok({}), repeat: true }
]

describe("permissions a command needs", () => {
  it("set geo asks for geolocation, clipboard read|write|copy|paste for the clipboard, nothing else asks", () => {
    const of = (...argv: ReadonlyArray<string>) => permissionsOf(parseCommandLine(argv))
    expect(of("set", "geo", "59.91", "10.75")).toEqual(["geolocation"])
    for (const sub of ["read", "write", "copy", "paste"]) expect(of("clipboard", sub, "x")).toEqual(CLIPBOARD)
    expect(of("set", "viewport", "800", "600")).toEqual([])
    expect(of("click", "#b")).toEqual([])
  })

  it("set geo says the location and whether pages may read it; other commands keep their own text", () => {
    const data = { latitude: 59.91, longitude: 10.75 }
    const geo = ["set", "geo", "59.91", "10.75"]
    expect(grantShown(geo, data, { granted: true })?.text).toBe(
      "Geolocation is now 59.91, 10.75; pages in this browser may read it (permission granted while this session runs)."
    )
    expect(grantShown(geo, data, { granted: false, reason: "no-endpoint" })?.text).toBe(
      "Geolocation is now 59.91, 10.75, but pages may be denied the location: the tool knows no DevTools endpoint " +
        "for this browser, so it could not grant the permission."
    )
    expect(grantShown(geo, data, { granted: false, reason: "no-answer" })?.text).toBe(
      "Geolocation is now 59.91, 10.75, but pages may be denied the location: the browser did not answer the " +
        "tool's permission grant."
    )
    expect(grantShown(["clipboard", "read"], {}, { granted: true })).toBeUndefined()
  })

  it.scoped("through the tool: each command asks for its own grant; the text says one not made; close releases", () =>
    Effect.gen(function* () {
      const opened = yield* runToResult({ args: ["open", "http://a.test/"] }, call)
      const session = opened.details.sessionName
      const fake = yield* FakePermissionGrants
      const geo = yield* runToResult({ args: ["set", "geo", "59.91", "10.75"] }, call)
      // the fake graph's browser has no DevTools endpoint the tool can find: the text says pages may be denied
      expect(resultText(geo)).toContain("Geolocation is now 59.91, 10.75, but pages may be denied the location")
      yield* runToResult({ args: ["set", "viewport", "800", "600"] }, call)
      yield* runToResult({ args: ["clipboard", "write", "Hello 42"] }, call)
      expect(yield* fake.asked).toEqual([
        { session, endpoint: undefined, permissions: ["geolocation"] },
        { session, endpoint: undefined, permissions: CLIPBOARD }
      ])
      expect(yield* fake.released).toEqual([])
      yield* runToResult({ args: ["close"] }, call)
      expect(yield* fake.released).toEqual([session])
      expect(yield* (yield* PermissionGrants).held).toEqual([])
    }).pipe(Effect.provide(fakeLayer(temp.root, script())))
  )
})
