/**
 * PermissionGrantsLive against a stand-in DevTools endpoint: one connection held per session, over which every page
 * context gets the permissions the session asked for so far; released by `release`, gone with its browser, and closed
 * with the layer's scope (the tool's shutdown), leaving no connection open.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { PermissionGrantsLive } from "../../src/layers/PermissionGrantsLive.js"
import { PermissionGrants } from "../../src/services/PermissionGrants.js"
import { startDevToolsStandIn } from "../support/devToolsStandIn.js"

const targets = {
  targetInfos: [
    { type: "page", browserContextId: "C1" },
    { type: "page", browserContextId: "C2" },
    { type: "page", browserContextId: "C1" },
    { type: "browser_ui", browserContextId: "C3" }
  ]
}

/** Polls until `ok` holds or two seconds passed (a socket closes after the call that closed it returned). */
const until = (ok: () => boolean) =>
  Effect.promise(async () => {
    const deadline = Date.now() + 2_000
    while (!ok() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20))
    return ok()
  })

const standIn = Effect.acquireRelease(
  Effect.promise(() => startDevToolsStandIn((method) => (method === "Target.getTargets" ? targets : {}))),
  (s) => Effect.promise(() => s.close())
)

describe("PermissionGrantsLive", () => {
  it.scoped("grants each page context what the session asked so far, over one held connection; release closes it", () =>
    Effect.gen(function* () {
      const browser = yield* standIn
      yield* Effect.gen(function* () {
        const grants = yield* PermissionGrants
        expect(yield* grants.grant("s", browser.endpoint, ["geolocation"])).toEqual({ granted: true })
        expect(yield* grants.grant("s", browser.endpoint, ["clipboardReadWrite"])).toEqual({ granted: true })
        expect(browser.connections()).toBe(1)
        const granted = browser.sent.filter((c) => c.method === "Browser.grantPermissions").map((c) => c.params)
        expect(granted).toEqual([
          { permissions: ["geolocation"], browserContextId: "C1" },
          { permissions: ["geolocation"], browserContextId: "C2" },
          { permissions: ["geolocation", "clipboardReadWrite"], browserContextId: "C1" },
          { permissions: ["geolocation", "clipboardReadWrite"], browserContextId: "C2" }
        ])
        expect(yield* grants.held).toEqual(["s"])
        yield* grants.release("s")
        expect(yield* until(() => browser.open() === 0)).toBe(true)
        expect(yield* grants.held).toEqual([])
      }).pipe(Effect.provide(PermissionGrantsLive))
    })
  )

  it.scoped("a browser that goes ends the held connection; the layer's scope closes the ones left", () =>
    Effect.gen(function* () {
      const browser = yield* standIn
      yield* Effect.gen(function* () {
        const grants = yield* PermissionGrants
        yield* grants.grant("a", browser.endpoint, ["geolocation"])
        browser.drop()
        expect(
          yield* Effect.flatMap(
            until(() => browser.open() === 0),
            () => grants.held
          )
        ).toEqual([])
        // the next grant opens a new connection; the scope's end closes it
        expect(yield* grants.grant("a", browser.endpoint, ["geolocation"])).toEqual({ granted: true })
        yield* grants.grant("b", browser.endpoint, ["geolocation"])
        expect(browser.open()).toBe(2)
      }).pipe(Effect.provide(PermissionGrantsLive))
      expect(yield* until(() => browser.open() === 0)).toBe(true)
    })
  )

  it.scoped("no endpoint, or nothing answering there: not granted, and nothing held", () =>
    Effect.gen(function* () {
      const grants = yield* PermissionGrants
      expect(yield* grants.grant("s", undefined, ["geolocation"])).toEqual({ granted: false, reason: "no-endpoint" })
      expect(yield* grants.grant("s", "http://127.0.0.1:9", ["geolocation"])).toEqual({
        granted: false,
        reason: "no-answer"
      })
      expect(yield* grants.held).toEqual([])
    }).pipe(Effect.provide(PermissionGrantsLive))
  )
})
