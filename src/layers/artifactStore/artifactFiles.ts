/**
 * The artifact folders' files, read and pruned directly: facts about a file (size, sniffed media type), evicting a
 * session folder's oldest spills, pruning old ref maps, and removing the private folders of crashed runs.
 */
import { closeSync, openSync, readdirSync, readSync, rmSync, statSync, unlinkSync } from "node:fs"
import { join } from "node:path"
import * as Effect from "effect/Effect"
import type { FileFacts } from "../../schema/Artifacts.js"
import { OsProcesses } from "../../services/OsProcesses.js"
import { sniffMediaType } from "../../upstream/sniffMediaType.js"

export const facts = (path: string): FileFacts => {
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
export const evictOldest = (dir: string, maxBytes: number, keep: string): ReadonlyArray<string> => {
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

export const pruneRefFiles = (dir: string, keep: string): void => {
  const refs = readdirSync(dir)
    .filter((n) => n.startsWith("refs-"))
    .map((n) => ({ path: join(dir, n), mtime: statSync(join(dir, n)).mtimeMs }))
  refs.sort((a, b) => b.mtime - a.mtime)
  for (const old of refs.slice(MAX_REF_FILES)) if (old.path !== keep) unlinkSync(old.path)
}

export const safeKey = (key: string): string => key.replace(/[^a-z0-9_-]+/gi, "-").slice(0, 80)

export const nonEmpty = (path: string): boolean => {
  try {
    return statSync(path).size > 0
  } catch {
    return false
  }
}
