/** BinaryLocatorLive against fixture executables on a private PATH: found, cached, missing, wrong version. */
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { afterAll } from "vitest"
import { BinaryLocatorLive } from "../../src/layers/BinaryLocatorLive.js"
import { toolConfigLayer } from "../../src/layers/ToolConfigLive.js"
import { BinaryLocator } from "../../src/services/BinaryLocator.js"
import { testConfig } from "../support/fakeHarness.js"

const root = mkdtempSync(join(tmpdir(), "piab-locator-"))
afterAll(() => rmSync(root, { recursive: true, force: true }))

/** A PATH dir holding an `agent-browser` that prints `version` and counts its runs. */
const fixture = (name: string, version: string) => {
  const dir = join(root, name)
  mkdirSync(dir)
  const bin = join(dir, "agent-browser")
  writeFileSync(bin, `#!/bin/sh\necho run >> "${dir}/runs"\necho "agent-browser ${version}"\n`)
  chmodSync(bin, 0o755)
  return {
    dir,
    bin,
    runs: () =>
      readFileSync(join(dir, "runs"), "utf8")
        .split("\n")
        .filter((l) => l !== "").length
  }
}
const locatorWith = (path: string) =>
  BinaryLocatorLive.pipe(Layer.provide(toolConfigLayer(testConfig(root, { env: { PATH: path } }))))
const resolve = Effect.flatMap(BinaryLocator, (locator) => locator.resolve)

describe("BinaryLocator", () => {
  const good = fixture("good", "0.41.2")
  it.effect("finds agent-browser on PATH, checks its version once, and caches the result", () =>
    Effect.gen(function* () {
      const first = yield* resolve
      expect(first).toEqual({ path: good.bin, foundOnPath: good.bin, viaLauncher: true, version: "0.41.2" })
      expect(yield* resolve).toEqual(first)
      expect(good.runs()).toBe(1)
    }).pipe(Effect.provide(locatorWith(`${join(root, "empty")}:${good.dir}`)))
  )

  it.effect("nothing on PATH is MissingBinary not-found, naming the searched dirs", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(resolve)
      expect(error).toMatchObject({ _tag: "MissingBinary", reason: "not-found", searched: [join(root, "nowhere")] })
    }).pipe(Effect.provide(locatorWith(join(root, "nowhere"))))
  )

  const old = fixture("old", "0.26.0")
  it.effect("an unsupported version is MissingBinary unsupported-version with the version found", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(resolve)
      expect(error).toMatchObject({ _tag: "MissingBinary", reason: "unsupported-version", foundVersion: "0.26.0" })
    }).pipe(Effect.provide(locatorWith(old.dir)))
  )

  const broken = fixture("broken", "")
  it.effect(
    "an executable that does not print a version is MissingBinary not-executable; a failure is not cached",
    () =>
      Effect.gen(function* () {
        expect(yield* Effect.flip(resolve)).toMatchObject({ _tag: "MissingBinary", reason: "not-executable" })
        yield* Effect.flip(resolve)
        expect(broken.runs()).toBe(2)
      }).pipe(Effect.provide(locatorWith(broken.dir)))
  )
})
