/**
 * The wrapper's view of the browser sessions it manages for one pi session: an immutable record, replaced whole by
 * the SessionRegistry. The managed session's name is derived (base name + generation), never invented by the model.
 */
import { createHash } from "node:crypto"

export interface ManagedSession {
  /** Upstream `--session` name. */
  readonly name: string
  /** True once a browser command succeeded in it (a daemon and browser exist). */
  readonly active: boolean
  /** Launch-scoped flag tokens the session was launched with; re-sent on every call so upstream never relaunches. */
  readonly launchFlags: ReadonlyArray<string>
}

export interface SessionState {
  /** Derived from the pi session id and the cwd. */
  readonly baseName: string
  /** Bumped by every rotation (fresh launch, close); part of the managed name. */
  readonly generation: number
  readonly managed: ManagedSession
  /** Bumped whenever pi moves to another branch state (restore); calls planned under an older epoch cannot write. */
  readonly epoch: number
}

/** Hashes already taken: a call asks for its session's names several times, and a pi session has one or two. */
const hashes = new Map<string, string>()

const shortHash = (value: string, length: number): string => {
  const known = hashes.get(value)
  if (known !== undefined) return known.slice(0, length)
  const hash = createHash("sha256").update(value).digest("hex")
  if (hashes.size >= 64) hashes.clear()
  hashes.set(value, hash)
  return hash.slice(0, length)
}

/** `pi-<8 hex of the pi session id>-<6 hex of the cwd>`: stable across reloads, distinct per checkout. */
export const baseSessionName = (prefix: string, piSessionId: string, cwd: string): string =>
  `${prefix}-${shortHash(piSessionId, 8)}-${shortHash(cwd, 6)}`

/** The cross-process lock file of a session (a managed base name or an explicit session), beside its socket. */
export const lockFileName = (sessionOrBaseName: string): string => `${sessionOrBaseName}.piab-lock`

export const managedNameFor = (baseName: string, generation: number): string =>
  generation === 0 ? baseName : `${baseName}-${generation.toString(36)}`

export const initialSessionState = (baseName: string): SessionState => ({
  baseName,
  generation: 0,
  managed: { name: managedNameFor(baseName, 0), active: false, launchFlags: [] },
  epoch: 0
})
