/** DaemonProbeLive: reads a session's pid and active URL from its socket directory; anything missing is unknown. */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { afterAll } from "vitest"
import { DaemonProbeLive } from "../../src/layers/DaemonProbeLive.js"
import { DaemonProbe } from "../../src/services/DaemonProbe.js"

const dir = mkdtempSync(join(tmpdir(), "piab-probe-"))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const observe = (session: string) => Effect.flatMap(DaemonProbe, (probe) => probe.observe(dir, session)).pipe(Effect.provide(DaemonProbeLive))

describe("DaemonProbe", () => {
  it.effect("pid and url from <session>.pid and <session>.target", () =>
    Effect.gen(function*() {
      writeFileSync(join(dir, "s1.pid"), "4242\n")
      writeFileSync(join(dir, "s1.target"), JSON.stringify({ url: "http://127.0.0.1:8080/a", title: "A" }))
      expect(yield* observe("s1")).toEqual({ pid: "4242", url: "http://127.0.0.1:8080/a" })
    }))

  it.effect("a session without files is unknown, not an error", () =>
    Effect.gen(function*() {
      expect(yield* observe("absent")).toEqual({ pid: undefined, url: undefined })
    }))

  it.effect("an empty pid file, a corrupt target and a target without a string url read as unknown", () =>
    Effect.gen(function*() {
      writeFileSync(join(dir, "s2.pid"), "")
      writeFileSync(join(dir, "s2.target"), "{not json")
      expect(yield* observe("s2")).toEqual({ pid: undefined, url: undefined })
      writeFileSync(join(dir, "s3.pid"), "77")
      writeFileSync(join(dir, "s3.target"), JSON.stringify({ url: 5 }))
      expect(yield* observe("s3")).toEqual({ pid: "77", url: undefined })
    }))
})
