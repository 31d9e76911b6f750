/** FakeElectronHost, the scripted in-memory host the tool program's tests use: the ElectronHost contract, then its driver. */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { expectTypeOf } from "vitest"
import type { ElectronHostLive } from "../../src/layers/ElectronHostLive.js"
import { defaultTestApp, FakeElectronHost } from "../../src/layers/test/FakeElectronHost.js"
import type { LaunchRequest } from "../../src/schema/ElectronInput.js"
import { TimedOut } from "../../src/schema/ToolError.js"
import { ElectronHost } from "../../src/services/ElectronHost.js"
import { electronHostContract } from "../support/contracts/electronHostContract.js"

const request = (over: Partial<LaunchRequest> = {}): LaunchRequest => ({
  target: { _tag: "appName", value: "Test App" },
  appArgs: [],
  handoff: "snapshot",
  targetType: "page",
  timeoutMs: 15_000,
  ...over
})

electronHostContract("FakeElectronHost", {
  layer: () => FakeElectronHost.layer(),
  app: () => ({ name: defaultTestApp.name, query: "test app", executablePath: defaultTestApp.executablePath })
})

describe("FakeElectronHost driver", () => {
  it.effect("launch records an active launch with a connect target; probe, kill and cleanup follow it", () =>
    Effect.gen(function* () {
      const host = yield* ElectronHost
      const driver = yield* FakeElectronHost
      const { launch, connect } = yield* host.launch(request())
      expect(launch).toMatchObject({
        launchId: "electron-test-1",
        appName: "Test App",
        cleanupState: "active",
        executablePath: defaultTestApp.executablePath
      })
      expect(connect).toEqual({
        argument: `ws://127.0.0.1:${launch.port}/devtools/page/T1`,
        via: "target",
        targetId: "T1"
      })
      expect(yield* host.probe(launch.launchId)).toMatchObject({ pidAlive: true, portAlive: true })
      yield* driver.kill(launch.launchId)
      expect(yield* host.probe(launch.launchId)).toMatchObject({ pidAlive: false, cleanupState: "dead" })
      const report = yield* host.cleanup({ _tag: "default" }, 5_000)
      expect(report.results[0]?.status).toBe("cleaned")
      expect((yield* driver.requests).length).toBe(1)
    }).pipe(Effect.provide(FakeElectronHost.layer()))
  )

  it.effect("scripted failures, policy and partial cleanup surface as the live layer's typed errors", () =>
    Effect.gen(function* () {
      const host = yield* ElectronHost
      const driver = yield* FakeElectronHost
      expect((yield* Effect.flip(host.launch(request())))._tag).toBe("TimedOut")
      expect((yield* Effect.flip(host.launch(request({ deny: ["test"] }))))._tag).toBe("PolicyBlocked")
      expect((yield* Effect.flip(host.launch(request({ target: { _tag: "appName", value: "Nope" } }))))._tag).toBe(
        "InvalidInput"
      )
      const { launch } = yield* host.launch(request())
      yield* driver.failNextCleanup(launch.launchId)
      const failed = yield* Effect.flip(host.cleanup({ _tag: "one", launchId: launch.launchId }, 5_000))
      expect(failed._tag === "CleanupFailed" && failed.electronCleanup?.partial).toBe(true)
      expect((yield* host.cleanup({ _tag: "all" }, 5_000)).partial).toBe(false)
    }).pipe(
      Effect.provide(
        FakeElectronHost.layer({
          launches: [
            {
              fail: new TimedOut({
                reason: "debug-port",
                app: "Test App",
                timeoutMs: 15_000,
                dispatched: "maybe",
                stdout: "",
                stderr: ""
              })
            }
          ]
        })
      )
    )
  )

  // type-level facts, checked by `npm run typecheck`
  it("stands in for ElectronHostLive: provides what it provides, needs and fails with nothing more", () => {
    type Fake = ReturnType<typeof FakeElectronHost.layer>
    // a Layer is contravariant in what it provides: the fake layer fits wherever the live one is expected
    expectTypeOf<Fake>().toExtend<typeof ElectronHostLive>()
  })
})
