/**
 * One contract (test/support/contracts/sessionLockContract.ts) for SessionLockLive's lock over real lock files and for
 * the in-memory FakeSessionLock. The live lock's own rules (holder records, wait line files, a dead holder) are in
 * sessionLock.test.ts.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { basename, dirname, join } from "node:path"
import * as Effect from "effect/Effect"
import { afterAll } from "vitest"
import { SessionLockLive, makeSessionLock } from "../../src/layers/SessionLockLive.js"
import { FakeSessionLock } from "../../src/layers/test/FakeSessionLock.js"
import { sessionLockContract } from "../support/contracts/sessionLockContract.js"

const dir = mkdtempSync(join(tmpdir(), "piab-lock-contract-"))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
let n = 0
const path = () => join(dir, `s${++n}.piab-lock`)

const native = await import("node:module").then((m) => m.createRequire(import.meta.url)("fs-native-extensions"))
sessionLockContract("SessionLockLive (lock files)", {
  layer: () => SessionLockLive,
  otherProcess: Effect.sync(() => makeSessionLock(native)),
  path,
  // the live lock's line is its ticket files beside the lock (layers/sessionLock/withLock.ts)
  waiting: Effect.succeed(
    (lock: string) => readdirSync(dirname(lock)).filter((name) => name.startsWith(`${basename(lock)}.wait.`)).length
  )
})
sessionLockContract("FakeSessionLock", {
  layer: () => FakeSessionLock.layer(),
  otherProcess: Effect.map(FakeSessionLock, (driver) => driver.otherProcess),
  path,
  waiting: Effect.map(FakeSessionLock, (driver) => driver.waiting)
})
