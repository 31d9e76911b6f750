/** Lifecycle programs the pi hooks call: restore on session start, close the owned browser on quit. */
import { join } from "node:path"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { initialSessionState, type SessionState } from "../../domain/SessionState.js"
import { ArtifactStore } from "../../services/ArtifactStore.js"
import { BrowserProcesses } from "../../services/BrowserProcesses.js"
import type { ManifestEntry } from "../../schema/Artifacts.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import { SessionLock } from "../../services/SessionLock.js"
import { ToolConfig } from "../../services/ToolConfig.js"
import { closeReporting } from "./closeSession.js"
import { decodeRefSnapshot } from "../../session/refSnapshotFile.js"
import { noActivePageRefs } from "../../domain/RefSnapshot.js"
import { baseSessionName, lockFileName } from "../../domain/SessionState.js"
import { socketDirEnv, socketDirOf } from "../../upstream/sessionFiles.js"

/** Adopts the managed session recorded on the active branch (or starts clean when none is recorded). */
export const restoreSession = Effect.fn("Lifecycle.restoreSession")(function* (
  piSessionId: string,
  cwd: string,
  fromBranch: (baseName: string) => SessionState | undefined,
  manifest: ReadonlyArray<ManifestEntry> = [],
  refs?: { readonly path: string } | { readonly invalidatedSession: string }
) {
  const config = yield* ToolConfig
  const registry = yield* SessionRegistry
  const artifacts = yield* ArtifactStore
  const baseName = baseSessionName(config.sessionPrefix, piSessionId, cwd)
  // browsers of agents that died (SIGKILL, a crash) are ended now, not at their idle backstop; live owners' never
  yield* reapDeadOwners
  // a branch without a managed session starts clean; browsers other branches launched stay owned (quit closes them)
  yield* registry.restore(fromBranch(baseName) ?? initialSessionState(baseName))
  yield* artifacts.restoreManifest(manifest)
  // the branch's latest refs come back too, so the stale-ref guard judges them as it did before (voided ones stay void)
  if (refs !== undefined && "invalidatedSession" in refs)
    yield* registry.recordRefSnapshot(refs.invalidatedSession, noActivePageRefs(undefined))
  const json = refs === undefined || !("path" in refs) ? undefined : yield* artifacts.loadRefs(refs.path)
  const decoded = json === undefined ? undefined : decodeRefSnapshot(json)
  if (decoded !== undefined) yield* registry.recordRefSnapshot(decoded.session, decoded.snapshot)
})

/**
 * Once per process: the sessions in the socket dir whose owning process is dead, reaped (BrowserProcesses.reapOrphans).
 */
export const reapDeadOwners = Effect.gen(function* () {
  const config = yield* ToolConfig
  const registry = yield* SessionRegistry
  if (!(yield* registry.firstStart)) return []
  return yield* (yield* BrowserProcesses).reapOrphans(socketDirOf(config))
})

/**
 * Closes every browser the wrapper owns; explicit caller sessions are left alone. Holding the session's lock, so a
 * call another process is running on the same session finishes first; and only when no other live process uses the
 * session (a pi session resumed twice): the last one to quit closes it, the others leave it running.
 */
export const closeOwnedBrowser = Effect.fn("Lifecycle.closeOwnedBrowser")(function* () {
  const config = yield* ToolConfig
  const registry = yield* SessionRegistry
  const lock = yield* SessionLock
  const owned = yield* registry.ownedSessions
  const env = socketDirEnv(config)
  const closeAll = Effect.forEach(owned, (session) => closeReporting(session, env))
  const state = yield* registry.snapshot
  if (Option.isNone(state)) return yield* closeAll
  const lockFile = join(socketDirOf(config), lockFileName(state.value.baseName))
  const closed = yield* lock
    .withLock(
      lockFile,
      config.closeTimeoutMs,
      Effect.gen(function* () {
        if ((yield* lock.leave(lockFile)).othersRemain) {
          yield* Effect.logInfo(`another process still uses ${state.value.baseName}: its browser stays for it`)
          return undefined
        }
        return yield* closeAll
      })
    )
    .pipe(
      // a call of another process has held the session past the close budget: it is alive and using it, so it keeps it
      Effect.catchTag("TimedOut", (busy) =>
        Effect.as(
          Effect.logInfo(`${state.value.baseName} is busy in another process: its browser stays for it`, busy),
          undefined
        )
      )
    )
  if (closed === undefined) return []
  // the managed session's lock file goes with its browsers (kept while another process still holds it)
  yield* lock.retire(lockFile)
  return closed
})

/**
 * Before this runtime goes away for a reload, resume or fork, the managed browser the active branch follows stays
 * alive for the next extension instance (it restores it from the branch); every other browser this runtime owns
 * would be orphaned, so it is closed now.
 */
export const closeOrphanedBrowsers = Effect.fn("Lifecycle.closeOrphanedBrowsers")(function* () {
  const config = yield* ToolConfig
  const registry = yield* SessionRegistry
  const state = yield* registry.snapshot
  const keep = Option.match(state, {
    onNone: () => undefined,
    onSome: (s) => (s.managed.active ? s.managed.name : undefined)
  })
  const orphans = (yield* registry.ownedSessions).filter((s) => s.name !== keep)
  const env = socketDirEnv(config)
  return yield* Effect.forEach(orphans, (session) => closeReporting(session, env))
})
