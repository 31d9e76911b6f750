/**
 * `electron.launch`: the host starts the app (isolated temp profile, OS-chosen port), then, under the managed
 * session's lock, upstream `connect` runs as a `sessionMode: "fresh"` call through the normal path (the previous
 * managed browser is replaced only when it succeeds): to the WebSocket URL of the first target of the requested
 * `targetType`, else to the port. agent-browser 0.41.2 then makes its own choice of active tab whatever URL it was
 * given, so that target is selected (`tab <targetId>`) unless it is the only page. Then the handoff runs (`tab list`,
 * then `snapshot -i` with a short settle retry), and the session is recorded on the launch. An attach that fails
 * cleans the launch.
 */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type { ElectronRequest, LaunchRequest } from "../../schema/ElectronInput.js"
import { DEFAULT_CLEANUP_TIMEOUT_MS } from "../../schema/ElectronInput.js"
import type { ElectronActionReport } from "../../domain/ElectronReport.js"
import type { ElectronLaunchResult } from "../../schema/ElectronRecord.js"
import type { ManagedSessionOutcome } from "../../domain/Executed.js"
import type { InvalidInput, PolicyBlocked, TimedOut, UpstreamFailed } from "../../schema/ToolError.js"
import { ElectronHost } from "../../services/ElectronHost.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import { ToolConfig } from "../../services/ToolConfig.js"
import { baseNameOf, type CallContext, lockKeyOf } from "../pipeline/planSession.js"
import { prepare } from "../pipeline/prepare.js"
import { abandonFreshLaunch } from "../lifecycle/freshLaunch.js"
import { type ManagedCall, runManagedCall } from "./managedCall.js"

/** An app's first paint can lag the CDP port: empty snapshots are retried this often, this far apart. */
const SNAPSHOT_RETRIES = 8
const SNAPSHOT_RETRY_MS = 500

type LaunchReport = Extract<ElectronActionReport, { action: "launch" }>

export interface LaunchOutcome {
  readonly plan?: ManagedCall["plan"]
  readonly executed?: ManagedCall["executed"]
  readonly error?: ManagedCall["error"] | InvalidInput | PolicyBlocked | TimedOut | UpstreamFailed
  readonly electron: LaunchReport
  readonly managedSessionOutcome?: ManagedSessionOutcome
}

/**
 * After connecting to a target's WebSocket URL: select that target as the session's tab (`selected`), unless it is
 * the only page (upstream's own choice then). A target upstream cannot select (a webview it does not list as a tab)
 * leaves upstream's choice, said in the report.
 */
const selectTarget = (launched: ElectronLaunchResult, call: CallContext) =>
  Effect.gen(function* () {
    const { connect, targets } = launched
    if (connect.via !== "target" || connect.targetId === undefined) return connect
    const chosen = targets.find((t) => t.id === connect.targetId)
    if (chosen?.type === "page" && targets.filter((t) => t.type === "page").length === 1) return connect
    const selected = yield* runManagedCall({ args: ["tab", connect.targetId] }, call)
    return { ...connect, selected: selected.error === undefined }
  })

const handoffOf = (launch: LaunchRequest, call: CallContext) =>
  Effect.gen(function* () {
    if (launch.handoff === "connect") {
      // an app that is still loading its window would fail the model's first command: wait for the load (bounded)
      yield* runManagedCall({ args: ["wait", "--load", "load"], timeoutMs: 10_000 }, call)
      return { call: undefined, refCount: undefined, retries: 0 }
    }
    const tabs = yield* runManagedCall({ args: ["tab", "list"] }, call)
    if (launch.handoff === "tabs" || tabs.error !== undefined) return { call: tabs, refCount: undefined, retries: 0 }
    let snapshot = yield* runManagedCall({ args: ["snapshot", "-i"] }, call)
    let retries = 0
    while (
      snapshot.error === undefined &&
      (snapshot.executed?.refSnapshot?.refCount ?? 0) === 0 &&
      retries < SNAPSHOT_RETRIES
    ) {
      yield* Effect.sleep(SNAPSHOT_RETRY_MS)
      retries++
      snapshot = yield* runManagedCall({ args: ["snapshot", "-i"] }, call)
    }
    return { call: snapshot, refCount: snapshot.executed?.refSnapshot?.refCount ?? 0, retries }
  })

/** What every launch report says: the action, the request and the handoff it asked for. */
interface LaunchBase {
  readonly action: "launch"
  readonly request: Extract<ElectronRequest, { action: "launch" }>
  readonly handoff: { readonly handoff: LaunchRequest["handoff"] }
}

/** The host could not start the app: the error, with the launch's diagnostics or the policy that blocked it. */
const launchFailed = (base: LaunchBase, error: InvalidInput | PolicyBlocked | TimedOut | UpstreamFailed) => {
  const diagnostics = error._tag === "TimedOut" || error._tag === "UpstreamFailed" ? error.electronLaunch : undefined
  const policy = error._tag === "PolicyBlocked" ? error.policy : undefined
  return {
    error,
    electron: {
      ...base,
      status: "failed" as const,
      failure: {
        stage: "launch" as const,
        ...(diagnostics !== undefined ? { diagnostics } : {}),
        ...(policy !== undefined ? { policy } : {})
      }
    }
  }
}

/** Never leave a launch nobody is attached to: clean it now (its report, said), and read its record as it is after. */
const cleanUnattached = (launched: ElectronLaunchResult) =>
  Effect.gen(function* () {
    const host = yield* ElectronHost
    const cleanup = yield* host
      .cleanup({ _tag: "one", launchId: launched.launch.launchId }, DEFAULT_CLEANUP_TIMEOUT_MS)
      .pipe(
        Effect.tapErrorCause((cause) =>
          Effect.logWarning("cleanup of an Electron launch no session attached to did not finish", cause)
        ),
        Effect.catchTag("CleanupFailed", (e) => Effect.succeed(e.electronCleanup)),
        Effect.orElseSucceed(() => undefined)
      )
    const records = yield* host.records
    const latest = records.find((r) => r.launchId === launched.launch.launchId) ?? launched.launch
    return { cleanup, latest }
  })

export const runLaunch = (request: Extract<ElectronRequest, { action: "launch" }>, call: CallContext) =>
  Effect.gen(function* () {
    const host = yield* ElectronHost
    const registry = yield* SessionRegistry
    const config = yield* ToolConfig
    const launch = request.launch
    const base: LaunchBase = { action: "launch", request, handoff: { handoff: launch.handoff } }
    const started = yield* Effect.either(host.launch(launch))
    if (Either.isLeft(started)) return launchFailed(base, started.left)
    const launched = started.right
    const facts = {
      ...base,
      targets: launched.targets,
      connect: launched.connect,
      ...(launched.browserVersion !== undefined ? { browserVersion: launched.browserVersion } : {})
    }
    const connectInput = { args: ["connect", launched.connect.argument], sessionMode: "fresh" }
    const first = yield* Effect.either(prepare(connectInput, call))
    const key = Either.isRight(first) ? lockKeyOf(first.right, baseNameOf(call, config)) : undefined
    const attached = yield* registry.withLock(
      key,
      Effect.gen(function* () {
        const connect = yield* runManagedCall(connectInput, call)
        if (connect.error !== undefined || connect.plan?.sessionName === undefined) {
          const outcome = connect.plan?.sessionRole === "fresh" ? yield* abandonFreshLaunch(connect.plan) : undefined
          return { connect, outcome }
        }
        const record = yield* Effect.orDie(host.attachSession(launched.launch.launchId, connect.plan.sessionName))
        const attachedTo = yield* selectTarget(launched, call)
        const handoff = yield* handoffOf(launch, call)
        return { connect, record, handoff, attachedTo }
      })
    )
    if (!("record" in attached) || attached.record === undefined) {
      const { cleanup, latest } = yield* cleanUnattached(launched)
      return {
        ...attached.connect,
        electron: {
          ...facts,
          status: "failed" as const,
          launch: latest,
          failure: { stage: "attach" as const },
          ...(cleanup !== undefined ? { cleanup } : {})
        },
        ...(attached.outcome !== undefined ? { managedSessionOutcome: attached.outcome } : {})
      }
    }
    const { handoff, record, attachedTo } = attached
    const last = handoff.call ?? attached.connect
    return {
      ...last,
      electron: {
        ...facts,
        connect: attachedTo,
        status: "succeeded" as const,
        launch: record,
        handoff: {
          handoff: launch.handoff,
          ...(handoff.refCount !== undefined ? { refCount: handoff.refCount } : {}),
          ...(handoff.retries > 0 ? { snapshotRetries: handoff.retries } : {})
        },
        ...(handoff.call?.error !== undefined ? { failure: { stage: "handoff" as const } } : {})
      }
    } satisfies LaunchOutcome
  }).pipe(Effect.map((outcome): LaunchOutcome => outcome))
