/**
 * A planned upstream invocation: everything needed to run one agent-browser process, decided before anything runs.
 * Compilers produce plans; only the ProcessRunner turns them into processes.
 */
import type { CommandLine } from "./CommandLine.js"
import type { SessionMode, ToolInput } from "../schema/ToolInput.js"
import type { SnapshotOptions } from "./SnapshotOptions.js"
import type { ScreenshotOptions } from "./ScreenshotOptions.js"
import type { CompiledMode } from "./Compiled.js"
import type { SecurityPolicy } from "../schema/SecurityPolicy.js"

export type SessionRole =
  /** The caller passed `--session`: user-managed, left alone. */
  | "explicit"
  /** The extension-managed session of this pi session. */
  | "managed"
  /** A new managed session (sessionMode fresh) that replaces the current one on success. */
  | "fresh"
  /** Local or inspection commands that need no browser session. */
  | "none"

/** Browser defaults from config files that a launch added to its flags. */
export interface BrowserDefaults {
  readonly flags: ReadonlyArray<string>
  readonly sources: ReadonlyArray<string>
}

export interface Plan {
  readonly input: ToolInput
  /** Caller args after normalization (trailing `eval --stdin` tokens moved into stdin, caller `--json` removed). */
  readonly args: ReadonlyArray<string>
  readonly line: CommandLine
  readonly kind: "browser" | "sessionless" | "inspection"
  readonly sessionMode: SessionMode
  readonly sessionRole: SessionRole
  readonly sessionName: string | undefined
  readonly usedImplicitSession: boolean
  /** Exactly what follows the binary on the command line. */
  readonly effectiveArgs: ReadonlyArray<string>
  readonly stdin: string | undefined
  readonly timeoutMs: number
  /** Extra environment for the process (socket dir, idle timeout, clamped default timeout). */
  readonly env: Readonly<Record<string, string>>
  /** Launch flag tokens this call launches its session with (recorded when it succeeds). */
  readonly launchFlags: ReadonlyArray<string>
  /** The caller asked for upstream `--json`: show parseable JSON text. */
  readonly callerRequestedJson: boolean
  /** The pi cwd: the process runs there and relative paths resolve against it. */
  readonly cwd: string
  /** Absolute path a file-producing command was asked to write (its parent is created before the run). */
  readonly outputPath: string | undefined
  /** A raw `batch`: the absolute paths its steps were asked to write (their folders are created before the run). */
  readonly batchOutputPaths?: ReadonlyArray<string>
  /** This call launches its session's browser (a managed session's first call, or a fresh launch). */
  readonly firstLaunch: boolean
  /** The config files' browser defaults this launch added to its flags (program/lifecycle/browserDefaults.ts). */
  readonly browserDefaults?: BrowserDefaults
  /** The browser pool this call's session launches in (its environment is in `env`; docs/POOLS.md). */
  readonly pool?: { readonly endpoint: string; readonly configuredBy: string; readonly provider?: string }
  /** The session-state epoch this plan was made under (see SessionState.epoch). */
  readonly stateEpoch: number
  /** The input mode and what it compiled to (args calls: `{ mode: "args" }`). */
  readonly compiled: CompiledMode
  /** Wrapper-only snapshot flags (already removed from effectiveArgs). */
  readonly snapshotOptions: SnapshotOptions | undefined
  /** A screenshot's format or `--scale css` the tool converts the file to (upstream/screenshotOptions.ts). */
  readonly screenshotOptions?: ScreenshotOptions
  /** The security policy this call runs under (absent: the standard preset). */
  readonly security?: SecurityPolicy
  /**
   * A role/name click or check (`find role … --name …`) that a fresh `snapshot -i` resolved, before it ran, to the
   * first exact match a pointer can reach (contract P6): the `find` asked for, the ref acted on, the hidden matches
   * before it. `line` and `effectiveArgs` are the ref action.
   */
  readonly resolvedFind?: {
    readonly from: ReadonlyArray<string>
    readonly ref: string
    readonly role: string
    readonly name: string
    readonly skipped: ReadonlyArray<string>
  }
  /**
   * A text click (`find text <words> click [--exact]`) the page resolved before it ran (page/textPick.ts): the words,
   * how many elements matched, the one clicked (by role and name) and the first others. `line` is the click on it.
   */
  readonly resolvedText?: {
    readonly text: string
    readonly count: number
    readonly role: string
    readonly name: string
    readonly exact: boolean
    readonly clickable: boolean
    readonly others: ReadonlyArray<{ readonly role: string; readonly name: string }>
    /** The control sits in a shadow root, where upstream's text locator does not read: the ref clicked instead. */
    readonly shadowRef?: string
  }
  /** Per-call nonce of the page-content boundary markers; set only when `contentBoundaries` is on. */
  readonly contentNonce?: string
}
