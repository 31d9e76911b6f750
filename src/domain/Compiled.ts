/** What the higher-level input modes compile to: upstream argv, batch rows and the facts the result echoes. */
import type { PageFilterMode } from "./Lookup.js"
import type { NetworkSourceLookup, SemanticAction, SourceLookup, ToolInput } from "../schema/ToolInput.js"
import type { ElectronRequest } from "../schema/ElectronInput.js"

export interface CompiledSemanticAction {
  readonly action: SemanticAction["action"]
  readonly locator?: string
  readonly selector?: string
  readonly values?: ReadonlyArray<string>
  /** What the model asked, compiled: the `find …` target (or the selector command). */
  readonly args: ReadonlyArray<string>
  /** Set when the wrapper resolved the locator to the one matching ref of the latest snapshot. */
  readonly resolvedRef?: string
  /** The command that ran instead of `args` once the target was resolved to `resolvedRef` (e.g. `fill @e5 …`). */
  readonly executedArgs?: ReadonlyArray<string>
}

export interface CompiledBatch {
  readonly args: ReadonlyArray<string>
  readonly stdin: string
  readonly rows: ReadonlyArray<ReadonlyArray<string>>
  /** A job's own step kind for each row (`assertText` for its `wait --text` row); absent where rows are the steps. */
  readonly rowActions?: ReadonlyArray<string>
  /** Absolute paths the rows will write (their parents are created first). */
  readonly outputPaths: ReadonlyArray<string>
}

export interface CompiledQa extends CompiledBatch {
  readonly loadState: string
  readonly checks: {
    readonly network: boolean
    readonly console: boolean
    readonly errors: boolean
    /** Current-session QA (`qa.attached`). */
    readonly attached: boolean
    /** The page URL-opening QA opens (absent for attached QA). */
    readonly url?: string
    /** Only URL-opening QA clears the diagnostic buffers first; attached QA reads what they already hold. */
    readonly diagnosticsResetAtStart: boolean
  }
}

/** `sourceLookup` / `networkSourceLookup` → one evidence batch (no --bail: a failed React step is evidence too). */
export interface CompiledSourceLookup extends CompiledBatch {
  readonly query: SourceLookup
}

export interface CompiledNetworkSourceLookup extends CompiledBatch {
  readonly query: NetworkSourceLookup
}

export type CompiledMode =
  | { readonly mode: "args"; readonly pageFilter?: PageFilterMode }
  | { readonly mode: "semanticAction"; readonly semanticAction: CompiledSemanticAction }
  | { readonly mode: "job"; readonly job: CompiledBatch }
  | { readonly mode: "qa"; readonly qa: CompiledQa }
  | { readonly mode: "sourceLookup"; readonly sourceLookup: CompiledSourceLookup }
  | { readonly mode: "networkSourceLookup"; readonly networkSourceLookup: CompiledNetworkSourceLookup }
  /** Runs its own program (program/electron), never planned as one upstream call. */
  | { readonly mode: "electron"; readonly electron: ElectronRequest }

export interface ResolvedInput {
  /** The input with `args`/`stdin` set from the compiled mode. */
  readonly input: ToolInput & { readonly args: ReadonlyArray<string> }
  readonly compiled: CompiledMode
}
