/** ArtifactStoreLive: a mkdtemp directory under the configured root, removed on scope close. */
import { mkdirSync, mkdtempSync, openSync, readSync, closeSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Ref from "effect/Ref"
import { ArtifactStore, type FileFacts } from "../services/ArtifactStore.js"
import { ToolConfig } from "../services/ToolConfig.js"
import { sniffMediaType } from "../upstream/sniffMediaType.js"

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

export const ArtifactStoreLive = Layer.scoped(
  ArtifactStore,
  Effect.gen(function*() {
    const config = yield* ToolConfig
    const root = yield* Effect.acquireRelease(
      Effect.sync(() => {
        mkdirSync(config.artifactRoot, { recursive: true, mode: 0o700 })
        return mkdtempSync(join(config.artifactRoot, "run-"))
      }),
      (dir) => Effect.sync(() => rmSync(dir, { recursive: true, force: true }))
    )
    const counter = yield* Ref.make(0)
    return ArtifactStore.of({
      root,
      spill: (label, content) =>
        Effect.flatMap(Ref.updateAndGet(counter, (n) => n + 1), (n) =>
          Effect.sync(() => {
            const safe = label.replace(/[^a-z0-9-]+/gi, "-").slice(0, 40)
            const path = join(root, `${String(n).padStart(4, "0")}-${safe}.txt`)
            writeFileSync(path, content, { mode: 0o600 })
            return path
          })),
      inspect: (path) => Effect.sync(() => facts(path)),
      ensureParentDir: (path) =>
        Effect.sync(() => {
          try {
            mkdirSync(dirname(path), { recursive: true })
          } catch {
            // upstream will report the unwritable path itself
          }
        }),
      readBase64: (path, maxBytes) =>
        Effect.sync(() => {
          const f = facts(path)
          if (!f.exists || (f.sizeBytes ?? Infinity) > maxBytes) return undefined
          return readFileSync(path).toString("base64")
        })
    })
  })
)
