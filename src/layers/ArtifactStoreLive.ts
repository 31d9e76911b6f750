/**
 * ArtifactStoreLive: a private directory (made on first use, removed on scope close), per-session spill dirs with
 * eviction, a manifest Ref. Writes go through `@effect/platform`'s FileSystem, so a folder that cannot be used (a
 * file in the way, read-only, full disk) is a typed error carrying the errno, turned here into `ArtifactMissing`
 * naming the folder and the fix; nothing is created at startup, so calls that write no file work regardless.
 */
import { existsSync, readFileSync } from "node:fs"
import type { PlatformError } from "@effect/platform/Error"
import * as FileSystem from "@effect/platform/FileSystem"
import * as NodeFileSystem from "@effect/platform-node/NodeFileSystem"
import { createHash, randomBytes } from "node:crypto"
import { dirname, join } from "node:path"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Ref from "effect/Ref"
import type { ManifestEntry, SpillOwner } from "../schema/Artifacts.js"
import { ArtifactMissing } from "../schema/ToolError.js"
import { ArtifactStore, type ArtifactStoreShape } from "../services/ArtifactStore.js"
import type { OsProcesses } from "../services/OsProcesses.js"
import { ToolConfig, type ToolConfigShape } from "../services/ToolConfig.js"
import { folderProblem } from "../upstream/folderProblem.js"
import {
  evictOldest,
  facts,
  nonEmpty,
  pruneCrashedRuns,
  pruneRefFiles,
  safeKey
} from "./artifactStore/artifactFiles.js"

export { pruneCrashedRuns } from "./artifactStore/artifactFiles.js"

/** The OS error behind a platform error (its errno code is what folderProblem reads). */
const causeOf = (error: PlatformError): unknown =>
  error._tag === "SystemError" ? (error.cause ?? { code: error.reason }) : error

/** One store's state: its config, file system, private folder, spill counter, manifest and required files. */
interface Store {
  readonly config: ToolConfigShape
  readonly fs: FileSystem.FileSystem
  readonly root: string
  readonly counter: Ref.Ref<number>
  readonly entries: Ref.Ref<ReadonlyArray<ManifestEntry>>
  readonly required: Ref.Ref<ReadonlyArray<string>>
}

const windowOf = (store: Store, list: ReadonlyArray<ManifestEntry>) => list.slice(-store.config.manifestMaxEntries)

const record = (store: Store, entry: ManifestEntry) =>
  Ref.update(store.entries, (list) => windowOf(store, [...list.filter((e) => e.path !== entry.path), entry]))

const variableFor = (persistent: boolean) =>
  persistent ? "PI_AGENT_BROWSER_SESSION_ARTIFACT_DIR" : "PI_AGENT_BROWSER_ARTIFACT_DIR"

/** Where an owner's files go: its session folder when it persists, else this process's private folder. */
const folderOf = (store: Store, owner: SpillOwner): string =>
  owner.persistKey !== undefined ? join(store.config.sessionArtifactRoot, safeKey(owner.persistKey)) : store.root

/** Makes `dir` (private) and writes `path` in it; a failure names the folder, the errno and the fix. */
const writePrivate = (store: Store, dir: string, path: string, content: string, persistent: boolean, kind: string) =>
  store.fs.makeDirectory(dir, { recursive: true, mode: 0o700 }).pipe(
    Effect.zipRight(store.fs.writeFileString(path, content, { mode: 0o600 })),
    Effect.mapError(
      (error) =>
        new ArtifactMissing({ path, kind, detail: folderProblem(dir, causeOf(error), variableFor(persistent)) })
    )
  )

const spill = (store: Store, label: string, content: string, owner: SpillOwner, command: string | undefined) =>
  Effect.gen(function* () {
    const n = yield* Ref.updateAndGet(store.counter, (c) => c + 1)
    const persistent = owner.persistKey !== undefined
    const dir = folderOf(store, owner)
    const safe = label.replace(/[^a-z0-9-]+/gi, "-").slice(0, 40)
    const stamp = new Date().toISOString().replace(/[:.]/g, "-")
    const path = join(dir, `${stamp}-${process.pid}-${String(n).padStart(4, "0")}-${safe}.txt`)
    yield* writePrivate(store, dir, path, content, persistent, "spill")
    const evicted = persistent
      ? yield* Effect.sync(() => evictOldest(dir, store.config.sessionArtifactMaxBytes, path))
      : []
    const result = { path, sizeBytes: Buffer.byteLength(content, "utf8"), evicted }
    const now = new Date().toISOString()
    const storageScope = persistent ? ("persistent-session" as const) : ("process-temp" as const)
    yield* record(store, {
      path: result.path,
      kind: "spill",
      ...(command !== undefined ? { command } : {}),
      storageScope,
      retentionState: persistent ? "live" : "ephemeral",
      sizeBytes: result.sizeBytes,
      mediaType: "text/plain",
      recordedAt: now
    })
    if (result.evicted.length > 0) {
      const gone = new Set(result.evicted)
      yield* Ref.update(store.entries, (list) =>
        list.map((e) => (gone.has(e.path) ? { ...e, retentionState: "evicted" as const } : e))
      )
    }
    return { ...result, storageScope }
  })

const saveRefs = (store: Store, owner: SpillOwner, json: string) =>
  Effect.gen(function* () {
    const persistent = owner.persistKey !== undefined
    const dir = folderOf(store, owner)
    const path = join(dir, `refs-${createHash("sha256").update(json).digest("hex").slice(0, 16)}.json`)
    // a ref map that cannot be saved only costs branch restore its refs (loadRefs reads a missing file as none)
    if (!existsSync(path)) yield* writePrivate(store, dir, path, json, persistent, "refs").pipe(Effect.ignore)
    yield* Effect.sync(() => {
      try {
        pruneRefFiles(dir, path)
      } catch {
        // nothing to prune in a folder that could not be made
      }
    })
    return path
  })

const serviceOf = (store: Store): ArtifactStoreShape => ({
  root: store.root,
  spill: (label, content, owner, command) => spill(store, label, content, owner, command),
  inspect: (path) => Effect.sync(() => facts(path)),
  ensureParentDir: (path) =>
    // upstream reports an unwritable path itself
    store.fs.makeDirectory(dirname(path), { recursive: true }).pipe(Effect.ignore),
  readBase64: (path, maxBytes) =>
    Effect.sync(() => {
      const f = facts(path)
      if (!f.exists || (f.sizeBytes ?? Infinity) > maxBytes) return undefined
      return readFileSync(path).toString("base64")
    }),
  record: (entry) => record(store, entry),
  saveRefs: (owner, json) => saveRefs(store, owner, json),
  loadRefs: (path) =>
    Effect.sync(() => {
      try {
        return readFileSync(path, "utf8")
      } catch {
        return undefined
      }
    }),
  writeOutput: (path, content) =>
    store.fs.makeDirectory(dirname(path), { recursive: true }).pipe(
      Effect.zipRight(store.fs.writeFileString(path, content)),
      Effect.as(Buffer.byteLength(content, "utf8")),
      Effect.mapError(
        (error) =>
          new ArtifactMissing({
            path,
            kind: "output",
            detail: folderProblem(dirname(path), causeOf(error), "outputPath")
          })
      )
    ),
  manifest: Ref.get(store.entries),
  requireArtifacts: (paths) =>
    Effect.flatMap(
      Effect.sync(() => [...new Set(paths)].filter((p) => !existsSync(p))),
      (unmade) => Ref.set(store.required, unmade)
    ),
  unmetArtifacts: Effect.flatMap(Ref.get(store.required), (paths) =>
    Effect.sync(() => paths.filter((p) => !nonEmpty(p)))
  ),
  restoreManifest: (restored) =>
    Ref.set(
      store.entries,
      windowOf(
        store,
        restored.map((e) =>
          e.retentionState === "live" && !existsSync(e.path) ? { ...e, retentionState: "missing" as const } : e
        )
      )
    )
})

const artifactLayer = Layer.scoped(
  ArtifactStore,
  Effect.gen(function* () {
    const config = yield* ToolConfig
    const fs = yield* FileSystem.FileSystem
    // named now, made on first use: an unusable artifact folder fails only the calls that write a file
    const root = join(config.artifactRoot, `run-${process.pid}-${randomBytes(4).toString("hex")}`)
    yield* Effect.addFinalizer(() => fs.remove(root, { recursive: true }).pipe(Effect.ignore))
    yield* pruneCrashedRuns(config.artifactRoot)
    const store: Store = {
      config,
      fs,
      root,
      counter: yield* Ref.make(0),
      entries: yield* Ref.make<ReadonlyArray<ManifestEntry>>([]),
      required: yield* Ref.make<ReadonlyArray<string>>([])
    }
    return ArtifactStore.of(serviceOf(store))
  })
)

export const ArtifactStoreLive: Layer.Layer<ArtifactStore, never, ToolConfig | OsProcesses> = artifactLayer.pipe(
  Layer.provide(NodeFileSystem.layer)
)
