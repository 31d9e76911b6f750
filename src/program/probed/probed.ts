/**
 * What a probed command is: a command whose honest result needs a page read around it, run with its reads in the
 * same upstream `batch` process (probedCommand.ts). Each kind of such command (one file each in this folder) says the
 * rows it runs before and after the command, whether the batch stops at its first failed step, and how it reads the
 * rows that answered. Here: the shapes they share, and the plain reply every kind starts from.
 */
import type * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type { StepRow, UpstreamOutcome } from "../../domain/Outcome.js"
import type { Plan } from "../../domain/Plan.js"
import type { RefSnapshot } from "../../domain/RefSnapshot.js"
import type {
  ClickDispatch,
  ComboboxFocus,
  OverlayBlockers,
  ScrollContainer,
  ScrollNoop,
  ScrollPage,
  SelectorTextVisibility
} from "../../schema/PageDiagnostics.js"
import type { CommandError, SessionCommands } from "../../services/SessionCommands.js"
import type { SessionRegistry } from "../../services/SessionRegistry.js"
import type { ClosingTab } from "../../page/closeHold.js"
import { evalResultOf } from "../../page/namingReads.js"
import type { TabRow } from "../tabs/tabRecovery.js"
import type { LoadedPage } from "../page/pageProbes.js"

export interface PageCheck {
  readonly scrollNoop?: ScrollNoop
  readonly scrollPage?: ScrollPage
  readonly scrollContainer?: ScrollContainer
  readonly selectorTextVisibility?: ReadonlyArray<SelectorTextVisibility>
  readonly clickDispatch?: ClickDispatch
  readonly overlayBlockers?: OverlayBlockers
  readonly comboboxFocus?: ComboboxFocus
}

export type Replied = Either.Either<UpstreamOutcome, CommandError>

/** A single command's outcome, as its probes read it. */
export type SingleOutcome = Extract<UpstreamOutcome, { kind: "single" }>

export interface Probed {
  readonly replied: Replied
  readonly check: PageCheck
  /** A key press whose read saw nothing start to leave the page: no page it led to is read after it. */
  readonly stayed?: true
  /** The session's tabs after the command, listed in its batch (a key press in a pinned tab: tabs/tabRecovery.ts). */
  readonly tabs?: ReadonlyArray<TabRow>
  /** A key press whose page closed its own tab once the read answered (the tabs are listed next: tabRecovery.ts). */
  readonly closing?: ClosingTab
  /** The page the command led to, read already (a check whose box the next page replaced: checkReadBack.ts). */
  readonly landed?: LoadedPage
}

/** What every kind may look at when it decides whether it applies. */
export interface ProbeContext {
  readonly plan: Plan
  readonly session: string
  /** The session's last ref snapshot (not read for a wrapper-launched Electron app's fill). */
  readonly refs: RefSnapshot | undefined
  /** A fill in an Electron app this tool launched (it checks its fills itself: electron/fillVerification.ts). */
  readonly electronApp: boolean
  /** The session has a pinned tab (tabs/tabPinning.ts). */
  readonly pinned: boolean
}

/** The batch's rows; `at` is the command's first row, `row` its own answer (with its readiness wait). */
export interface Ran {
  readonly rows: ReadonlyArray<StepRow>
  readonly at: number
  readonly row: StepRow | undefined
}

export type Rows = ReadonlyArray<ReadonlyArray<string>>

/** Reading an answered batch: undefined runs the command as usual (alone). */
export type ProbeRead = (ran: Ran) => Effect.Effect<Probed | undefined, never, SessionCommands | SessionRegistry>

/** One kind's rows around the command, and how it reads their answers. */
export interface Probes {
  readonly before: Rows
  readonly after: Rows
  /** Stop at the first failed step: a guard that refuses what must not be sent, a field set instead. */
  readonly bail?: boolean
  /** The rows the command runs as, when not its own argv (typing key by key). */
  readonly command?: Rows
  /**
   * Whether a locator miss of the command, in these rows, means it did nothing, so that it may run again once its
   * target is there (readiness.ts); absent: always. A check whose box the step before it found had clicked it.
   */
  readonly retriesMiss?: (rows: ReadonlyArray<StepRow>, at: number) => boolean
  /** A reply that is no batch at all: the command runs alone instead (a read cannot have acted). */
  readonly aloneWhenNoBatch?: boolean
  readonly read: ProbeRead
}

/** A probed command kind: the commands it may apply to, and its probes for a plan (undefined: it does not apply). */
export interface ProbeKind {
  /** The commands (argv's first word) it may apply to. */
  readonly commands: ReadonlyArray<string>
  /** From the argv alone, before anything is read: whether the kind may apply (the run phase enters it only then). */
  readonly applies: (argv: ReadonlyArray<string>) => boolean
  readonly probes: (context: ProbeContext) => Probes | undefined
}

/** The eval answer of the batch row at `index`. */
export const evalAt = (ran: Ran, index: number): unknown => evalResultOf(ran.rows[index])

/** A refusal read around the command: nothing (more) was sent. */
export const refused = (error: CommandError): Probed => ({ replied: Either.left(error), check: {} })

/** The command's own row as its outcome, exactly as if it ran alone, with what its probes add. */
export const replyOf = (row: StepRow, extra: Partial<Omit<SingleOutcome, "kind">> = {}, data?: unknown): Replied =>
  row.success
    ? Either.right({
        kind: "single",
        data: data ?? row.result,
        warning: row.warning,
        ...(row.readinessWaitMs !== undefined ? { readinessWaitMs: row.readinessWaitMs } : {}),
        ...extra
      })
    : Either.left(row.error)

/** A reply with no page check. */
export const plain = (replied: Replied): Probed => ({ replied, check: {} })
