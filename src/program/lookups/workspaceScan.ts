/**
 * A bounded walk of the session cwd for lookups: only `.ts/.tsx/.js/.jsx` files, skipped build and dependency folders,
 * at most `maxFiles` files read (hard cap 5,000), files over 1 MB skipped, and at most ten hits kept. Unreadable
 * entries are skipped, never errors: a scan is evidence, not a requirement.
 */
import * as FileSystem from "@effect/platform/FileSystem"
import * as NodeFileSystem from "@effect/platform-node/NodeFileSystem"
import * as Effect from "effect/Effect"
import { join, relative } from "node:path"
import { MAX_WORKSPACE_CANDIDATES, MAX_WORKSPACE_FILES } from "../../domain/Lookup.js"

export const SKIPPED_FOLDERS: ReadonlySet<string> = new Set([
  ".git",
  "node_modules",
  "dist",
  "build",
  "coverage",
  ".next",
  "out",
  "tmp",
  "temp"
])
const SOURCE_FILE = /\.(?:tsx?|jsx?)$/
const MAX_FILE_BYTES = 1_000_000

export interface ScanHit<A> {
  readonly file: string
  readonly hit: A
}

export interface ScanResult<A> {
  readonly hits: ReadonlyArray<ScanHit<A>>
  readonly filesScanned: number
  /** The walk stopped at the file limit with folders or files left unread. */
  readonly truncated: boolean
}

/** Walks `root` breadth-first in name order; `match` returns the hits of one file (its path relative to root). */
export const scanWorkspace = <A>(
  root: string,
  maxFiles: number,
  match: (text: string, file: string) => ReadonlyArray<A>
) =>
  Effect.gen(function* () {
    const fs = yield* FileSystem.FileSystem
    const limit = Math.min(Math.max(1, maxFiles), MAX_WORKSPACE_FILES)
    const hits: Array<ScanHit<A>> = []
    const queue: Array<string> = [root]
    let filesScanned = 0
    while (queue.length > 0) {
      const dir = queue.shift()!
      const entries = yield* fs.readDirectory(dir).pipe(
        Effect.tapErrorCause((cause) => Effect.logDebug("workspace scan skips an unreadable folder", cause)),
        Effect.orElseSucceed(() => [] as Array<string>)
      )
      for (const name of [...entries].sort()) {
        const path = join(dir, name)
        const info = yield* fs.stat(path).pipe(
          Effect.tapErrorCause((cause) => Effect.logDebug("workspace scan skips an entry it cannot stat", cause)),
          Effect.option
        )
        if (info._tag === "None") continue
        if (info.value.type === "Directory") {
          if (!SKIPPED_FOLDERS.has(name)) queue.push(path)
          continue
        }
        if (info.value.type !== "File" || !SOURCE_FILE.test(name)) continue
        if (filesScanned >= limit) return { hits, filesScanned, truncated: true } satisfies ScanResult<A>
        filesScanned++
        if (Number(info.value.size) > MAX_FILE_BYTES) continue
        const text = yield* fs.readFileString(path).pipe(
          Effect.tapErrorCause((cause) => Effect.logDebug("workspace scan skips an unreadable file", cause)),
          Effect.orElseSucceed(() => "")
        )
        for (const hit of match(text, relative(root, path))) {
          hits.push({ file: relative(root, path), hit })
          if (hits.length >= MAX_WORKSPACE_CANDIDATES)
            return { hits, filesScanned, truncated: false } satisfies ScanResult<A>
        }
      }
    }
    return { hits, filesScanned, truncated: false } satisfies ScanResult<A>
  }).pipe(Effect.provide(NodeFileSystem.layer), Effect.withSpan("Lookups.scanWorkspace"))
