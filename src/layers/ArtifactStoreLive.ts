/**
 * ArtifactStoreLive: a private directory (made on first use, removed on scope close), per-session spill dirs with
 * eviction, a manifest Ref. Writes go through `@effect/platform`'s FileSystem, so a folder that cannot be used (a
 * file in the way, read-only, full disk) is a typed error carrying the errno, turned here into `ArtifactMissing`
 * naming the folder and the fix; nothing is created at startup, so calls that write no file work regardless.
 */
import {
  closeSync,
  existsSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
  unlinkSync
} from "node:fs"
import * as FileSystem from "@effect/platform/FileSystem"
import type { PlatformError } from "@effect/platform/Error"
import * as NodeFileSystem from "@effect/platform-node/NodeFileSystem"
import { createHash } from "node:crypto"
import { dirname, join } from "node:path"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Ref from "effect/Ref"
import { ArtifactStore } from "../services/ArtifactStore.js"
import type { FileFacts, ManifestEntry } from "../schema/Artifacts.js"
import { OsProcesses } from "../services/OsProcesses.js"
import { ToolConfig } from "../services/ToolConfig.js"
import { sniffMediaType } from "../upstream/sniffMediaType.js"
import { ArtifactMissing } from "../schema/ToolError.js"
import { folderProblem } from "../upstream/folderProblem.js"
import { randomBytes } from "node:crypto"

/** The OS error behind a platform error (its errno code is what folderProblem reads). */
const causeOf = (error: PlatformError): unknown =>
  error._tag === "SystemError" ? (error.cause ?? { code: error.reason }) : error

const facts = (path: string): FileFacts => {
  try {
    const stat = statSync(path)
    if (!stat.isFile()) return { path, exists: false }
    const head = new Uint8Array(64)
    const fd = openSync(path, "r")
    try {
      readSync(fd, head, 0, head.length, 0)
    } finally {
      closeSync(fd)
    }
    const mediaType = sniffMediaType(head)
    return { path, exists: true, sizeBytes: stat.size, ...(mediaType !== undefined ? { mediaType } : {}) }
  } catch {
    return { path, exists: false }
  }
}

/** Deletes the oldest files of `dir` (never `keep`) until the directory fits `maxBytes`; returns what it deleted. */
const evictOldest = (dir: string, maxBytes: number, keep: string): ReadonlyArray<string> => {
  const files = readdirSync(dir)
    .filter((name) => !name.startsWith("refs-"))
    .map((name) => {
      const path = join(dir, name)
      const stat = statSync(path)
      return { path, size: stat.size, mtime: stat.mtimeMs }
    })
    .sort((a, b) => a.mtime - b.mtime || a.path.localeCompare(b.path))
  let total = files.reduce((sum, f) => sum + f.size, 0)
  const evicted: Array<string> = []
  for (const file of files) {
    if (total <= maxBytes) break
    if (file.path === keep) continue
    unlinkSync(file.path)
    total -= file.size
    evicted.push(file.path)
  }
  return evicted
}

/**
 * Process-private dirs of processes that died without cleaning up (`run-<pid>-…`) are removed at startup; a pid the
 * process table cannot check is left alone (logged).
 */
export const pruneCrashedRuns = (artifactRoot: string) =>
  Effect.gen(function* () {
    const os = yield* OsProcesses
    let names: ReadonlyArray<string> = []
    try {
      names = readdirSync(artifactRoot)
    } catch {
      return []
    }
    const pruned: Array<string> = []
    for (const name of names) {
      const pid = Number(/^run-(\d+)-/.exec(name)?.[1])
      if (!Number.isInteger(pid) || pid === process.pid) continue
      const alive = yield* os
        .isAlive({ pid })
        .pipe(
          Effect.catchTag("ProcessTableUnavailable", (error) =>
            Effect.as(
              Effect.logWarning(`artifact folder ${name} kept: whether process ${pid} runs was not checked`, error),
              true
            )
          )
        )
      if (alive) continue
      rmSync(join(artifactRoot, name), { recursive: true, force: true })
      pruned.push(name)
    }
    return pruned
  })

/** Saved ref maps kept per directory: enough for many branch points, bounded on disk. */
const MAX_REF_FILES = 50

const pruneRefFiles = (dir: string, keep: string): void => {
  const refs = readdirSync(dir)
    .filter((n) => n.startsWith("refs-"))
    .map((n) => ({ path: join(dir, n), mtime: statSync(join(dir, n)).mtimeMs }))
  refs.sort((a, b) => b.mtime - a.mtime)
  for (const old of refs.slice(MAX_REF_FILES)) if (old.path !== keep) unlinkSync(old.path)
}

const safeKey = (key: string): string => key.replace(/[^a-z0-9_-]+/gi, "-").slice(0, 80)

const artifactLayer = Layer.scoped(
  ArtifactStore,
  Effect.gen(function* () {
    const config = yield* ToolConfig
    const fs = yield* FileSystem.FileSystem
    // named now, made on first use: an unusable artifact folder fails only the calls that write a file
    const root = join(config.artifactRoot, `run-${process.pid}-${randomBytes(4).toString("hex")}`)
    yield* Effect.addFinalizer(() => fs.remove(root, { recursive: true }).pipe(Effect.ignore))
    yield* pruneCrashedRuns(config.artifactRoot)
    const counter = yield* Ref.make(0)
    const entries = yield* Ref.make<ReadonlyArray<ManifestEntry>>([])
    const required = yield* Ref.make<ReadonlyArray<string>>([])
    const nonEmpty = (path: string): boolean => {
      try {
        return statSync(path).size > 0
      } catch {
        return false
      }
    }
    const window = (list: ReadonlyArray<ManifestEntry>) => list.slice(-config.manifestMaxEntries)
    const record = (entry: ManifestEntry) =>
      Ref.update(entries, (list) => window([...list.filter((e) => e.path !== entry.path), entry]))
    const variableFor = (persistent: boolean) =>
      persistent ? "PI_AGENT_BROWSER_SESSION_ARTIFACT_DIR" : "PI_AGENT_BROWSER_ARTIFACT_DIR"
    /** Makes `dir` (private) and writes `path` in it; a failure names the folder, the errno and the fix. */
    const writePrivate = (dir: string, path: string, content: string, persistent: boolean, kind: string) =>
      fs.makeDirectory(dir, { recursive: true, mode: 0o700 }).pipe(
        Effect.zipRight(fs.writeFileString(path, content, { mode: 0o600 })),
        Effect.mapError(
          (error) =>
            new ArtifactMissing({ path, kind, detail: folderProblem(dir, causeOf(error), variableFor(persistent)) })
        )
      )

    return ArtifactStore.of({
      root,
      spill: (label, content, owner, command) =>
        Effect.gen(function* () {
          const n = yield* Ref.updateAndGet(counter, (c) => c + 1)
          const persistent = owner.persistKey !== undefined
          const dir = persistent ? join(config.sessionArtifactRoot, safeKey(owner.persistKey ?? "")) : root
          const safe = label.replace(/[^a-z0-9-]+/gi, "-").slice(0, 40)
          const path = join(
            dir,
            `${new Date().toISOString().replace(/[:.]/g, "-")}-${process.pid}-${String(n).padStart(4, "0")}-${safe}.txt`
          )
          yield* writePrivate(dir, path, content, persistent, "spill")
          const evicted = persistent
            ? yield* Effect.sync(() => evictOldest(dir, config.sessionArtifactMaxBytes, path))
            : []
          const result = { path, sizeBytes: Buffer.byteLength(content, "utf8"), evicted }
          const now = new Date().toISOString()
          const storageScope = persistent ? ("persistent-session" as const) : ("process-temp" as const)
          yield* record({
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
            yield* Ref.update(entries, (list) =>
              list.map((e) => (gone.has(e.path) ? { ...e, retentionState: "evicted" as const } : e))
            )
          }
          return { ...result, storageScope }
        }),
      inspect: (path) => Effect.sync(() => facts(path)),
      ensureParentDir: (path) =>
        // upstream reports an unwritable path itself
        fs.makeDirectory(dirname(path), { recursive: true }).pipe(Effect.ignore),
      readBase64: (path, maxBytes) =>
        Effect.sync(() => {
          const f = facts(path)
          if (!f.exists || (f.sizeBytes ?? Infinity) > maxBytes) return undefined
          return readFileSync(path).toString("base64")
        }),
      record,
      saveRefs: (owner, json) =>
        Effect.gen(function* () {
          const persistent = owner.persistKey !== undefined
          const dir = persistent ? join(config.sessionArtifactRoot, safeKey(owner.persistKey ?? "")) : root
          const path = join(dir, `refs-${createHash("sha256").update(json).digest("hex").slice(0, 16)}.json`)
          // a ref map that cannot be saved only costs branch restore its refs (loadRefs reads a missing file as none)
          if (!existsSync(path)) yield* writePrivate(dir, path, json, persistent, "refs").pipe(Effect.ignore)
          yield* Effect.sync(() => {
            try {
              pruneRefFiles(dir, path)
            } catch {
              // nothing to prune in a folder that could not be made
            }
          })
          return path
        }),
      loadRefs: (path) =>
        Effect.sync(() => {
          try {
            return readFileSync(path, "utf8")
          } catch {
            return undefined
          }
        }),
      writeOutput: (path, content) =>
        fs.makeDirectory(dirname(path), { recursive: true }).pipe(
          Effect.zipRight(fs.writeFileString(path, content)),
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
      manifest: Ref.get(entries),
      requireArtifacts: (paths) =>
        Effect.flatMap(
          Effect.sync(() => [...new Set(paths)].filter((p) => !existsSync(p))),
          (unmade) => Ref.set(required, unmade)
        ),
      unmetArtifacts: Effect.flatMap(Ref.get(required), (paths) =>
        Effect.sync(() => paths.filter((p) => !nonEmpty(p)))
      ),
      restoreManifest: (restored) =>
        Ref.set(
          entries,
          window(
            restored.map((e) =>
              e.retentionState === "live" && !existsSync(e.path) ? { ...e, retentionState: "missing" as const } : e
            )
          )
        )
    })
  })
)

export const ArtifactStoreLive: Layer.Layer<ArtifactStore, never, ToolConfig | OsProcesses> = artifactLayer.pipe(
  Layer.provide(NodeFileSystem.layer)
)
