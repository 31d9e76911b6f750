/** Spill files: persistent per-session budget with eviction, manifest states, redaction inside spills, cleanup. */
import { existsSync, readFileSync, unlinkSync } from "node:fs"
import * as Effect from "effect/Effect"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { describe, expect, it } from "@effect/vitest"
import { FakeAgentBrowser } from "../../src/layers/test/FakeAgentBrowser.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { ArtifactStore } from "../../src/services/ArtifactStore.js"
import { call, fakeLayer, suiteTempRoot } from "../support/fakeHarness.js"

const temp = suiteTempRoot()

/** A raw snapshot of about `kib` KiB whose paragraphs mention a secret-bearing URL. */
const bigSnapshot = (kib: number, marker: string) => {
  const lines = ["- main", '  - heading "Report" [level=1, ref=e1]']
  for (let i = 0; Buffer.byteLength(lines.join("\n")) < kib * 1024; i++) {
    lines.push(
      `  - paragraph\n    - StaticText "${marker} line ${i} see https://x.test/cb?token=tok${i}secret and more words to make it long enough."`
    )
  }
  return lines.join("\n")
}

const snapshotReply = (kib: number, marker: string) =>
  FakeAgentBrowser.ok({
    origin: "https://x.test/",
    refs: { e1: { role: "heading", name: "Report" } },
    snapshot: bigSnapshot(kib, marker)
  })

describe("spill files", () => {
  it("keep a persisted session within its byte budget by evicting the oldest, and report it", async () => {
    const runtime = ManagedRuntime.make(
      fakeLayer(
        temp.root,
        [
          { reply: snapshotReply(20, "one") },
          { reply: snapshotReply(20, "two") },
          { reply: snapshotReply(20, "three") }
        ],
        { sessionArtifactMaxBytes: 45 * 1024 }
      )
    )
    const persisted = { ...call, persistSession: true }
    try {
      const first = await runtime.runPromise(runToResult({ args: ["snapshot"] }, persisted))
      const second = await runtime.runPromise(runToResult({ args: ["snapshot"] }, persisted))
      expect(first.details.fullOutputPath).toContain("session-artifacts")
      expect(first.details.fullOutputPaths).toEqual([first.details.fullOutputPath])
      expect(existsSync(first.details.fullOutputPath ?? "")).toBe(true)
      const third = await runtime.runPromise(runToResult({ args: ["snapshot"] }, persisted))
      expect(existsSync(first.details.fullOutputPath ?? "")).toBe(false)
      expect(existsSync(second.details.fullOutputPath ?? "")).toBe(true)
      expect(existsSync(third.details.fullOutputPath ?? "")).toBe(true)
      const text = third.content.map((c) => (c.type === "text" ? c.text : "")).join("")
      expect(text).toContain("1 older spill file(s) evicted")
      const manifest = third.details.artifactManifest
      expect(manifest?.entries.find((e) => e.path === first.details.fullOutputPath)?.retentionState).toBe("evicted")
      expect(manifest?.entries.find((e) => e.path === third.details.fullOutputPath)).toMatchObject({
        kind: "spill",
        storageScope: "persistent-session",
        retentionState: "live"
      })
      expect(manifest?.counts).toMatchObject({ live: 2, evicted: 1 })
      expect(JSON.stringify(manifest)).not.toContain("line 1") // metadata only
    } finally {
      await runtime.dispose()
    }
  })

  it.scoped("hold the full raw text, redacted", () =>
    Effect.gen(function* () {
      const result = yield* runToResult({ args: ["snapshot"] }, call)
      const spilled = readFileSync(result.details.fullOutputPath ?? "", "utf8")
      expect(spilled).toContain("redact line 0")
      expect(spilled).toContain("token=[REDACTED]")
      expect(spilled).not.toMatch(/tok\d+secret/)
    }).pipe(Effect.provide(fakeLayer(temp.root, [{ reply: snapshotReply(12, "redact") }])))
  )

  it("of unpersisted sessions are process-private and removed at shutdown; persisted ones stay", async () => {
    const runtime = ManagedRuntime.make(
      fakeLayer(temp.root, [{ reply: snapshotReply(12, "a") }, { reply: snapshotReply(12, "b") }])
    )
    const ephemeral = await runtime.runPromise(runToResult({ args: ["snapshot"] }, call))
    const kept = await runtime.runPromise(runToResult({ args: ["snapshot"] }, { ...call, persistSession: true }))
    expect(ephemeral.details.artifactManifest?.entries[0]).toMatchObject({
      storageScope: "process-temp",
      retentionState: "ephemeral"
    })
    expect(existsSync(ephemeral.details.fullOutputPath ?? "")).toBe(true)
    await runtime.dispose()
    expect(existsSync(ephemeral.details.fullOutputPath ?? "")).toBe(false)
    expect(existsSync(kept.details.fullOutputPath ?? "")).toBe(true)
  })

  it.scoped("restored from a branch become missing when their file is gone", () =>
    Effect.gen(function* () {
      const result = yield* runToResult({ args: ["snapshot"] }, { ...call, persistSession: true })
      const entries = result.details.artifactManifest?.entries ?? []
      unlinkSync(result.details.fullOutputPath ?? "")
      const store = yield* ArtifactStore
      yield* store.restoreManifest(entries)
      const restored = yield* store.manifest
      expect(restored[0]?.retentionState).toBe("missing")
    }).pipe(Effect.provide(fakeLayer(temp.root, [{ reply: snapshotReply(12, "m") }])))
  )
})

describe("crashed processes", () => {
  it("leave private dirs that the next start prunes; live processes' dirs stay, and so does every dir when the process table cannot be read", async () => {
    const { mkdirSync: mk, existsSync: exists } = await import("node:fs")
    const { pruneCrashedRuns } = await import("../../src/layers/ArtifactStoreLive.js")
    const { FakeOsProcesses } = await import("../../src/layers/test/FakeOsProcesses.js")
    const root = `${temp.root}/prune`
    for (const name of ["run-999999999-abc", `run-${process.pid}-def`, "run-4242-ghi", "unrelated"])
      mk(`${root}/${name}`, { recursive: true })
    const unreadable = Effect.zipRight(
      Effect.flatMap(FakeOsProcesses, (d) => d.setUnavailable(true)),
      pruneCrashedRuns(root)
    )
    expect(await Effect.runPromise(Effect.provide(unreadable, FakeOsProcesses.layer([{ pid: 4242 }])))).toEqual([])
    expect(exists(`${root}/run-999999999-abc`)).toBe(true)
    expect(
      await Effect.runPromise(Effect.provide(pruneCrashedRuns(root), FakeOsProcesses.layer([{ pid: 4242 }])))
    ).toEqual(["run-999999999-abc"])
    expect(exists(`${root}/run-${process.pid}-def`)).toBe(true)
    expect(exists(`${root}/run-4242-ghi`)).toBe(true)
    expect(exists(`${root}/unrelated`)).toBe(true)
  })
})
