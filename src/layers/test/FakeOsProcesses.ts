/**
 * FakeOsProcesses: an in-memory process table for fast tests of everything that reads or signals processes.
 * `FakeOsProcesses.layer(...)` provides OsProcesses and this driver tag over one state; the driver starts, ends,
 * zombifies and reuses pids, makes a process ignore SIGTERM, makes the whole table unreadable, and records every
 * signal. A signalled process ends (unless it ignores that signal); its children are re-parented to pid 1, as on a
 * real system. No real process is touched.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Ref from "effect/Ref"
import type { ProcessInfo, ProcessTableFacts, SignalName, SignalResult, SignalTarget } from "../../domain/Processes.js"
import { descendantsIn, groupIn, isSameProcess } from "../../os/processFacts.js"
import { OsProcesses, ProcessTableUnavailable } from "../../services/OsProcesses.js"
import { combine, deriveTable } from "../processTables/tableCore.js"

export interface FakeProcess {
  readonly pid: number
  readonly ppid?: number
  /** Defaults to the pid (a group leader). */
  readonly pgid?: number | undefined
  /** Defaults to a fresh token per start. */
  readonly startTime?: string
  readonly argv?: ReadonlyArray<string>
  /** Defaults to argv joined by spaces. */
  readonly commandLine?: string
}

export interface FakeOsProcessesShape {
  readonly start: (process: FakeProcess) => Effect.Effect<ProcessInfo>
  /** The process exits (reaped at once); its children are re-parented to pid 1. */
  readonly exit: (pid: number) => Effect.Effect<void>
  /** The process exits but its parent has not reaped it. */
  readonly zombify: (pid: number) => Effect.Effect<void>
  /** The process ignores this signal (SIGTERM only: SIGKILL cannot be ignored). */
  readonly ignore: (pid: number, signal: "SIGTERM") => Effect.Effect<void>
  /** Every read fails with ProcessTableUnavailable (a missing `ps`, a failed PowerShell) until set back. */
  readonly setUnavailable: (unavailable: boolean) => Effect.Effect<void>
  readonly signals: Effect.Effect<ReadonlyArray<{ readonly target: SignalTarget; readonly signal: SignalName }>>
  readonly table: Effect.Effect<ReadonlyArray<ProcessInfo>>
}

interface State {
  readonly table: ReadonlyMap<number, ProcessInfo>
  readonly ignoring: ReadonlySet<number>
  readonly unavailable: boolean
  readonly signals: ReadonlyArray<{ readonly target: SignalTarget; readonly signal: SignalName }>
  readonly starts: number
}

export const testFacts = (overrides: Partial<ProcessTableFacts> = {}): ProcessTableFacts => ({
  kind: "test",
  platform: "test",
  source: "in-memory table",
  groups: true,
  exactArgv: true,
  startTimeResolution: "clock-tick",
  unchecked: [],
  ...overrides
})

const ended = (table: ReadonlyMap<number, ProcessInfo>, pid: number): ReadonlyMap<number, ProcessInfo> =>
  new Map(
    [...table].filter(([p]) => p !== pid).map(([p, info]) => [p, info.ppid === pid ? { ...info, ppid: 1 } : info])
  )

/** Adds a process to the table (its start time numbered when not given); its row. */
const startIn = (state: Ref.Ref<State>, facts: Partial<ProcessTableFacts>) => (p: FakeProcess) =>
  Ref.modify(state, (s): [ProcessInfo, State] => {
    const argv = p.argv ?? []
    const info: ProcessInfo = {
      pid: p.pid,
      ppid: p.ppid ?? 1,
      pgid: "pgid" in p ? p.pgid : p.pid,
      startTime: p.startTime ?? `t${s.starts + 1}`,
      ...(facts.exactArgv === false ? {} : { argv }),
      commandLine: p.commandLine ?? argv.join(" "),
      zombie: false
    }
    return [info, { ...s, table: new Map(s.table).set(p.pid, info), starts: s.starts + 1 }]
  })

/** The state, unless the test made the table unreadable. */
const readableIn = (state: Ref.Ref<State>) =>
  Effect.flatMap(Ref.get(state), (s) =>
    s.unavailable
      ? Effect.fail(
          new ProcessTableUnavailable({
            table: "test",
            reason: "failed",
            detail: "the test table was made unreadable"
          })
        )
      : Effect.succeed(s)
  )

/** One signal to one pid: it ends, unless it is a zombie or ignores SIGTERM. */
const killIn = (state: Ref.Ref<State>, pid: number, signal: SignalName) =>
  Ref.modify(state, (s): ["sent" | "gone", State] => {
    const info = s.table.get(pid)
    if (info === undefined) return ["gone", s]
    if (info.zombie || (signal === "SIGTERM" && s.ignoring.has(pid))) return ["sent", s]
    return ["sent", { ...s, table: ended(s.table, pid) }]
  })

/** Records the signal and sends it to each pid of the target (a group, a tree, or one checked pid). */
const signalIn = (state: Ref.Ref<State>, tableFacts: ProcessTableFacts) => (target: SignalTarget, signal: SignalName) =>
  Effect.gen(function* () {
    const s = yield* readableIn(state)
    yield* Ref.update(state, (st) => ({ ...st, signals: [...st.signals, { target, signal }] }))
    const all = [...s.table.values()]
    const pids =
      target._tag === "Group"
        ? tableFacts.groups
          ? groupIn(all, target.pgid).map((p) => p.pid)
          : [target.pgid, ...descendantsIn(all, target.pgid).map((p) => p.pid)]
        : target.startTime !== undefined && !isSameProcess(s.table.get(target.pid), target)
          ? []
          : [target.pid, ...(target._tag === "Tree" ? descendantsIn(all, target.pid).map((p) => p.pid) : [])]
    const results: Array<SignalResult> = []
    for (const pid of pids) results.push(yield* killIn(state, pid, signal))
    return combine(results)
  })

/** The table and its driver; `facts` overrides what the table says it can tell (e.g. `groups: false` like Windows). */
const makeLayer = (
  initial: ReadonlyArray<FakeProcess> = [],
  facts: Partial<ProcessTableFacts> = {}
): Layer.Layer<OsProcesses | FakeOsProcesses> =>
  Layer.effectContext(
    Effect.gen(function* () {
      const state = yield* Ref.make<State>({
        table: new Map(),
        ignoring: new Set(),
        unavailable: false,
        signals: [],
        starts: 0
      })
      const start = startIn(state, facts)
      for (const p of initial) yield* start(p)
      const tableFacts = testFacts(facts)
      const readable = readableIn(state)
      const core = deriveTable(
        {
          facts: tableFacts,
          stat: (pid) => Effect.map(readable, (s) => s.table.get(pid)),
          list: Effect.map(readable, (s) => [...s.table.values()])
        },
        signalIn(state, tableFacts)
      )
      const driver: FakeOsProcessesShape = {
        start,
        exit: (pid) => Ref.update(state, (s) => ({ ...s, table: ended(s.table, pid) })),
        zombify: (pid) =>
          Ref.update(state, (s) => {
            const info = s.table.get(pid)
            return info === undefined ? s : { ...s, table: new Map(s.table).set(pid, { ...info, zombie: true }) }
          }),
        ignore: (pid) => Ref.update(state, (s) => ({ ...s, ignoring: new Set([...s.ignoring, pid]) })),
        setUnavailable: (unavailable) => Ref.update(state, (s) => ({ ...s, unavailable })),
        signals: Effect.map(Ref.get(state), (s) => s.signals),
        table: Effect.map(Ref.get(state), (s) => [...s.table.values()])
      }
      return Context.make(OsProcesses, OsProcesses.of(core)).pipe(Context.add(FakeOsProcesses, driver))
    })
  )

export class FakeOsProcesses extends Context.Tag("pi-agent-browser-effect/FakeOsProcesses")<
  FakeOsProcesses,
  FakeOsProcessesShape
>() {
  /** OsProcesses and its driver over one in-memory table. */
  static layer(
    initial: ReadonlyArray<FakeProcess> = [],
    facts: Partial<ProcessTableFacts> = {}
  ): Layer.Layer<OsProcesses | FakeOsProcesses> {
    return makeLayer(initial, facts)
  }
}
