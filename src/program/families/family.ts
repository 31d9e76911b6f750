/**
 * The command families: what each kind of command runs, described in one place. `familyOf` (below) picks a
 * call's family once, over its plan; the run phase (runPhase.ts) then enters only the run steps its family names, in
 * this order, each still checking its plan (a pinned tab, a page to read), before the plain planned command.
 */
import type { Plan } from "../../domain/Plan.js"
import { guardNeed } from "../../security/typingGuard.js"
import { stepRunOf } from "../../session/planRun.js"

/**
 * One way to run a command with what the tool reads around it, in one upstream process (program/page, program/tabs,
 * program/security): the first that answers runs the command.
 */
export type RunStep =
  /** typing the security policy guards (a secret, literal text near password fields): security/guardedTyping.ts */
  | "guarded"
  /** the command between its page reads (scroll, key press, fill read-back, get text…): program/probed/ */
  | "probed"
  /** a click with modifiers or another button, a drop, a storage key removal, sent by the tool: inputCommand.ts */
  | "input"
  /** a direct click with its dispatch recorder and the page it led to: clickCommand.ts */
  | "click"
  /** snapshot -i with the reads that name its unnamed controls: namedSnapshot.ts */
  | "namedSnapshot"
  /** open with the page it opened, read in the same process: openCommand.ts */
  | "open"
  /** network route, after an unroute of its glob (a shaped one sent to upstream's daemon): routes/routeCommand.ts */
  | "route"
  /** the command inside the session's pinned tab: tabs/tabPinning.ts */
  | "pinned"

/** A check before anything runs that only some families need (stale refs, lost browsers: every call). */
export type GuardStep =
  /** qa.attached checks the current page: program/modes/qaAttached.ts */
  | "attachedQa"
  /** find role … click|check and find text … click: resolved to a ref first, program/refs/preResolveClick.ts */
  | "resolveClick"
  /** a capture (trace, profiler, record, har) started twice: session/captures.ts */
  | "captures"

/** A read or check after the command that only some families need (the page it led to, focus: every call). */
export type ReadStep =
  /** network route|unroute: the session's route book, program/session/routeBook.ts */
  | "routeBook"
  /** network request <id> --save: the body saved, program/artifacts/responseBody.ts */
  | "responseBody"
  /** network requests: what the session's route mocks did to the requests listed, program/pipeline/factsPhase.ts */
  | "routeFindings"
  /** screenshot --format webp|--css: the file converted, program/artifacts/screenshotImage.ts */
  | "screenshotFile"
  /** a lookup's rows analysed: program/lookups/analyzeLookup.ts */
  | "lookup"
  /** a select on a custom combobox that changed nothing: program/page/selectCheck.ts */
  | "selectCheck"
  /** get text steps of a batch that read hidden text: program/page/textVisibility.ts */
  | "textVisibility"
  /** a tab list's crashed tabs: program/lifecycle/pageHealth.ts */
  | "crashedTabs"
  /** snapshot --viewport: the viewport read, program/page/pageProbes.ts */
  | "viewport"

export type FamilyName =
  | "steps"
  | "guarded-typing"
  | "click-like"
  | "hovers"
  | "boxes"
  | "pointer"
  | "locators"
  | "navigation"
  | "reload"
  | "typing"
  | "select"
  | "clipboard"
  | "reads"
  | "snapshots"
  | "captures"
  | "tabs"
  | "waits"
  | "scripts"
  | "diagnostics"
  | "session"
  | "plain"

export interface CommandFamily {
  readonly name: FamilyName
  /** The upstream commands it holds (the plan's command); steps and guarded typing are chosen by the plan instead. */
  readonly commands: ReadonlyArray<string>
  /** Its guards beyond every call's (a lost browser, stale refs). */
  readonly guards: ReadonlyArray<GuardStep>
  /** Its run steps, in the order they are tried; none answers: the plain planned command runs. */
  readonly runs: ReadonlyArray<RunStep>
  /** Its reads and checks after the command, beyond every call's (the page it led to, focus, allow-list). */
  readonly reads: ReadonlyArray<ReadStep>
  /** Its commands can carry typed text (upstream/typedText.ts): the policy's typing guard is asked about them. */
  readonly typesText: boolean
  /**
   * Its commands may need a browser permission (set geo, clipboard) or end the session's grants (close): the run is
   * entered through lifecycle/permissionGrant.ts.
   */
  readonly grants: boolean
  /**
   * Its commands may save a file where the caller asked (upstream/artifactPaths.ts): the path is planned absolute
   * (planInvocation.ts) and the file checked after (factsPhase.ts). A family without it saves none.
   */
  readonly savesFiles: boolean
}

/** Every run step, in the order the tool has always tried them: a family's `runs` keep this order. */
export const RUN_ORDER: ReadonlyArray<RunStep> = [
  "guarded",
  "probed",
  "input",
  "click",
  "namedSnapshot",
  "open",
  "route",
  "pinned"
]

const ALL_GUARDS: ReadonlyArray<GuardStep> = ["attachedQa", "resolveClick", "captures"]
const ALL_READS: ReadonlyArray<ReadStep> = [
  "routeBook",
  "responseBody",
  "routeFindings",
  "screenshotFile",
  "lookup",
  "selectCheck",
  "textVisibility",
  "crashedTabs",
  "viewport"
]

interface Steps {
  readonly guards?: ReadonlyArray<GuardStep>
  readonly runs: ReadonlyArray<RunStep>
  readonly reads?: ReadonlyArray<ReadStep>
  readonly typesText?: true
  readonly grants?: true
  readonly savesFiles?: true
}

const family = (name: FamilyName, commands: ReadonlyArray<string>, steps: Steps): CommandFamily => ({
  name,
  commands,
  guards: steps.guards ?? [],
  runs: steps.runs,
  reads: steps.reads ?? [],
  typesText: steps.typesText === true,
  grants: steps.grants === true,
  savesFiles: steps.savesFiles === true
})

const CLICK_LIKE = ["click", "dblclick", "tap", "drop"]
const TYPING = ["fill", "type", "press", "key", "keyboard", "upload"]
const CAPTURES = ["screenshot", "pdf", "record", "trace", "profiler", "download", "stream"]
const DIAGNOSTICS = ["console", "errors", "network", "cookies", "storage", "highlight", "dialog", "inspect"]
const SESSION = ["close", "quit", "exit", "session", "connect", "confirm", "deny", "state", "auth", "set"]

/**
 * The table. A command no family names is `plain`, which enters every step (as every call once did); so does typing
 * the policy guards, whatever its command.
 */
export const FAMILIES: ReadonlyArray<CommandFamily> = [
  // a job, qa or lookup, or a caller's batch: one upstream process per step (modes/runSteps.ts)
  family("steps", [], {
    guards: ["attachedQa"],
    runs: [],
    reads: ["lookup", "selectCheck", "textVisibility"],
    savesFiles: true
  }),
  family("guarded-typing", [], { guards: ALL_GUARDS, runs: ["guarded"], reads: ALL_READS }),
  // no probed kind holds them (program/probed/kinds.ts): a click reads its page in its own run step
  family("click-like", CLICK_LIKE, { runs: ["input", "click", "pinned"] }),
  // hover|focus: read for text it made appear or hid (probed/timedAction.ts); drag: probed/drag.ts
  family("hovers", ["hover", "focus", "drag"], { runs: ["probed", "pinned"] }),
  // check|uncheck: a CSS target that is no box is refused by a read before it (probed/check.ts)
  family("boxes", ["check", "uncheck"], { runs: ["probed", "input", "click", "pinned"] }),
  family("pointer", ["mouse", "scroll", "scrollintoview", "swipe", "keydown", "keyup"], {
    runs: ["probed", "input", "pinned"]
  }),
  // find <locator> <action>: a click acts like one (by role or text: resolved to a ref first), a fill is read back
  family("locators", ["find"], { guards: ["resolveClick"], runs: ["probed", "click", "pinned"], typesText: true }),
  family("navigation", ["open", "goto", "navigate", "back", "forward"], { runs: ["open", "pinned"] }),
  // reload: read after it in the same process (probed/reload.ts)
  family("reload", ["reload"], { runs: ["probed", "pinned"] }),
  family("typing", TYPING, { runs: ["probed", "pinned"], typesText: true }),
  // a select on a custom combobox that changed nothing is said (page/selectCheck.ts); it types no text
  family("select", ["select"], { runs: ["probed", "pinned"], reads: ["selectCheck"] }),
  // run with the clipboard permissions (lifecycle/permissionGrant.ts); its text is no typing (upstream/typedText.ts)
  family("clipboard", ["clipboard"], { runs: ["pinned"], grants: true }),
  family("reads", ["get", "is", "read"], { runs: ["probed", "pinned"] }),
  // diff screenshot -o <file>
  family("snapshots", ["snapshot", "diff"], {
    runs: ["namedSnapshot", "pinned"],
    reads: ["viewport"],
    savesFiles: true
  }),
  family("captures", CAPTURES, {
    guards: ["captures"],
    runs: ["pinned"],
    reads: ["screenshotFile"],
    savesFiles: true
  }),
  family("tabs", ["tab", "window", "frame"], { runs: ["pinned"], reads: ["crashedTabs"] }),
  // wait --download <file>
  family("waits", ["wait"], { runs: ["pinned"], savesFiles: true }),
  family("scripts", ["eval"], { runs: ["pinned"] }),
  family("diagnostics", DIAGNOSTICS, {
    guards: ["captures"],
    runs: ["input", "route", "pinned"],
    reads: ["routeBook", "responseBody", "routeFindings"],
    // network har stop <file>, network request <id> --save <file>
    savesFiles: true
  }),
  // set media: read after it in the same process (probed/media.ts)
  // set geo: with the geolocation permission; close: ends the session's grants; state save <file>
  family("session", SESSION, { runs: ["probed", "pinned"], grants: true, savesFiles: true }),
  family("plain", [], {
    guards: ALL_GUARDS,
    runs: RUN_ORDER.filter((step) => step !== "guarded"),
    reads: ALL_READS,
    typesText: true,
    grants: true,
    savesFiles: true
  })
]

/** Whether the family enters a guard or read step. */
export const guards = (family: CommandFamily, step: GuardStep): boolean => family.guards.includes(step)
export const reads = (family: CommandFamily, step: ReadStep): boolean => family.reads.includes(step)

const named = (name: FamilyName): CommandFamily => {
  const found = FAMILIES.find((f) => f.name === name)
  if (found === undefined) throw new Error(`no command family ${name}`)
  return found
}

const STEPS = named("steps")
const GUARDED = named("guarded-typing")
const PLAIN = named("plain")
const BY_COMMAND: ReadonlyMap<string, CommandFamily> = new Map(
  FAMILIES.flatMap((family) => family.commands.map((command) => [command, family] as const))
)

/** The family that holds a command (plain for one no family names), before the plan is known. */
export const familyOfCommand = (command: string | undefined): CommandFamily =>
  (command !== undefined ? BY_COMMAND.get(command) : undefined) ?? PLAIN

/** Steps first (job, qa, lookups, a caller's batch), then typing the policy guards, else the command's family. */
export const familyOf = (plan: Plan): CommandFamily => {
  if (stepRunOf(plan) !== undefined) return STEPS
  const command = plan.line.command
  const family = familyOfCommand(command)
  // only a command that can carry typed text (fill, type, keyboard type, find … fill|type) asks the typing guard
  const guarded =
    family.typesText && command !== "batch" && guardNeed(plan.security, plan.line.positionals) !== undefined
  return guarded ? GUARDED : family
}
