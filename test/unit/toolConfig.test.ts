/**
 * ToolConfig's layers: the `Config` keeps each default for an unset or unusable variable, `toolConfigLayer(partial)`
 * fills what a caller leaves out, and `ToolConfigLive` reads its settings through the current ConfigProvider.
 */
import { existsSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import * as ConfigProvider from "effect/ConfigProvider"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import {
  DEFAULT_TIMEOUT_MS,
  ToolConfigLive,
  toolConfig,
  toolConfigDefaults,
  toolConfigLayer
} from "../../src/layers/ToolConfigLive.js"
import { ToolConfig } from "../../src/services/ToolConfig.js"
import { suiteTempRoot } from "../support/fakeHarness.js"

const temp = suiteTempRoot()
const defaults = toolConfigDefaults({ HOME: "/home/u" })
const read = (variables: Record<string, string>) =>
  Effect.withConfigProvider(toolConfig(defaults), ConfigProvider.fromMap(new Map(Object.entries(variables))))

describe("ToolConfig", () => {
  it.effect("a positive integer variable wins; unset, empty, fractional, zero or non-numeric keeps the default", () =>
    Effect.gen(function* () {
      expect((yield* read({ PI_AGENT_BROWSER_PROCESS_TIMEOUT_MS: "12000" })).defaultTimeoutMs).toBe(12_000)
      for (const value of ["", "1.5", "0", "-3", "12s", "abc"]) {
        expect((yield* read({ PI_AGENT_BROWSER_PROCESS_TIMEOUT_MS: value })).defaultTimeoutMs, value).toBe(
          DEFAULT_TIMEOUT_MS
        )
      }
      expect(yield* read({})).toEqual(defaults)
      expect((yield* read({ PI_AGENT_BROWSER_SESSION_ARTIFACT_DIR: "/data/spills" })).sessionArtifactRoot).toBe(
        "/data/spills"
      )
      expect(defaults.sessionArtifactRoot).toBe("/home/u/.pi/agent-browser/artifacts")
    })
  )

  it.effect("toolConfigLayer fills every setting a caller leaves out and creates the socket dir", () =>
    Effect.gen(function* () {
      const socketDir = join(temp.root, "sockets")
      const config = yield* Effect.provide(ToolConfig, toolConfigLayer({ socketDir, env: { PATH: "/bin" } }))
      expect(config).toEqual({ ...toolConfigDefaults({ PATH: "/bin" }), socketDir, env: { PATH: "/bin" } })
      expect(existsSync(socketDir)).toBe(true)
    })
  )

  it.effect("ToolConfigLive reads its settings through the ConfigProvider in place", () =>
    Effect.gen(function* () {
      const provider = ConfigProvider.fromMap(
        new Map([
          ["PI_AGENT_BROWSER_SOCKET_DIR", join(temp.root, "from-provider")],
          ["PI_AGENT_BROWSER_IDLE_TIMEOUT_MS", "7000"]
        ])
      )
      const config = yield* Effect.provide(
        ToolConfig,
        ToolConfigLive.pipe(Layer.provide(Layer.setConfigProvider(provider)))
      )
      expect(config).toMatchObject({ socketDir: join(temp.root, "from-provider"), idleTimeoutMs: 7000 })
    })
  )
})
