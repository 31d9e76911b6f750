import { describe, expect, it } from "@effect/vitest"
import { manifestFromBranch, refSnapshotFromBranch, restoreFromBranch } from "../../src/pi/restoreFromBranch.js"

const result = (details: unknown, toolName = "agent_browser") => ({
  type: "message",
  message: { role: "toolResult", toolName, details }
})
const base = { args: [], effectiveArgs: [], sessionMode: "auto", resultCategory: "success", summary: "ok" }
const managed = (name: string, generation: number) => ({
  ...base,
  managedSession: { name, active: true, generation, launchFlags: ["--headed"] }
})
const row = (path: string, retentionState: string) => ({
  path,
  kind: "screenshot",
  storageScope: "explicit-path",
  retentionState,
  recordedAt: "2026-01-01T00:00:00.000Z"
})
const manifest = (...entries: Array<unknown>) => ({
  ...base,
  artifactManifest: { entries, window: 50, counts: { live: 1, ephemeral: 0, missing: 0, evicted: 0 } }
})

/** Entries a branch can hold that are not a usable agent_browser result. */
const corrupt: ReadonlyArray<unknown> = [
  null,
  42,
  "text",
  { type: "message" },
  { type: "message", message: null },
  result(undefined),
  result("not an object"),
  result({ managedSession: { name: 7, active: "yes" } }),
  result({ managedSession: { name: "x", active: true, generation: "2", launchFlags: "--headed" } }),
  result({ refSnapshot: { path: 5 } }),
  result({ artifactManifest: { entries: [{ path: 1 }] } }),
  result(managed("other-tool", 9), "bash"),
  { type: "custom", message: { role: "toolResult", toolName: "agent_browser", details: managed("custom-entry", 9) } }
]

describe("restoreFromBranch", () => {
  it("the newest valid managed session wins, and corrupt or foreign entries after it are skipped", () => {
    const entries = [result(managed("ab-old", 1)), result(managed("ab-new", 2)), ...corrupt]
    expect(restoreFromBranch(entries, "ab")).toEqual({
      baseName: "ab",
      generation: 2,
      managed: { name: "ab-new", active: true, launchFlags: ["--headed"] },
      epoch: 0
    })
  })

  it("a branch of only corrupt entries restores nothing and does not throw", () => {
    expect(restoreFromBranch(corrupt, "ab")).toBeUndefined()
    expect(manifestFromBranch(corrupt)).toEqual([])
    expect(refSnapshotFromBranch(corrupt)).toBeUndefined()
  })

  it("manifest rows keep the newest state per path; a corrupt manifest entry contributes no rows", () => {
    const entries = [
      result(manifest(row("/a.png", "live"), row("/b.png", "live"))),
      result({
        ...base,
        artifactManifest: { entries: [row("/c.png", "live"), { path: "/d.png" }], window: 50, counts: {} }
      }),
      ...corrupt,
      result(manifest(row("/a.png", "missing")))
    ]
    expect(manifestFromBranch(entries).map((r) => [r.path, r.retentionState])).toEqual([
      ["/b.png", "live"],
      ["/a.png", "missing"]
    ])
  })

  it("the newest valid ref snapshot is found past corrupt entries", () => {
    const snap = { session: "ab-new", url: "http://127.0.0.1/", refCount: 3, path: "/tmp/refs.json" }
    expect(refSnapshotFromBranch([result({ ...base, refSnapshot: snap }), ...corrupt])).toEqual({ path: snap.path })
  })
})
