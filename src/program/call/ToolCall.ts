/**
 * One tool call as a typed Effect program: decode → plan → run → classify → present. `run` is the typed core for
 * embedders (it fails with the ToolError union); `runToResult` never fails and is what the pi adapter calls.
 */
import { createHash } from "node:crypto"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Option from "effect/Option"
import type { Plan } from "../../schema/Plan.js"
import type { ToolDetails, ToolResult } from "../../schema/ToolDetails.js"
import { Aborted, QaFailed, type ToolError } from "../../schema/ToolError.js"
import { decodeToolInput } from "../../schema/ToolInput.js"
import { ArtifactStore } from "../../services/ArtifactStore.js"
import { BinaryLocator, type ResolvedBinary } from "../../services/BinaryLocator.js"
import { Presenter } from "../../services/Presenter.js"
import { ProcessRunner } from "../../services/ProcessRunner.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import { ToolConfig, type ToolConfigShape } from "../../services/ToolConfig.js"
import type { SpillOwner } from "../../schema/Artifacts.js"
import { encodeRefSnapshot } from "../../session/refSnapshotFile.js"
import type { RefSnapshotRecord } from "../../schema/RefSnapshot.js"
import { probeNavigation, probeViewport } from "../page/pageProbes.js"
import type { ViewportFacts } from "../../schema/PageFacts.js"
import { guardRefs, observeDaemon, refsFrom } from "../refs/refTracking.js"
import type { RefSnapshot } from "../../schema/RefSnapshot.js"
import { isClose, mayNavigate } from "../../upstream/commandPolicy.js"
import { classifyUpstream, firstBatchFailure } from "../../upstream/classifyReply.js"
import type { UpstreamOutcome } from "../../schema/Outcome.js"
import { planInvocation } from "./planInvocation.js"
import { resolveInputMode } from "./inputMode.js"
import { visibleRefFallback } from "../refs/visibleRefFallback.js"
import { preResolveFill, withCandidates } from "../refs/semanticResolution.js"
import { reportFreshFailure } from "../session/freshLaunch.js"
import { checkAllowList } from "../page/allowListCheck.js"
import { browserDefaultsGuidance } from "../session/browserDefaults.js"
import { type ProgressSink, runSteps } from "../modes/runSteps.js"
import { recoverTab } from "../tabs/tabRecovery.js"
import type { TabCorrection } from "../../schema/PageFacts.js"
import { runPinned, updatePin } from "../tabs/tabPinning.js"
import { evaluateQa } from "../../session/evaluateQa.js"
import type { QaVerdict } from "../../schema/Qa.js"
import { attachOutputFile } from "../artifacts/outputFile.js"
import { verifyArtifacts } from "../artifacts/verifyArtifacts.js"
import type { VerifiedArtifacts } from "../../schema/Artifacts.js"
import { afterCapture, afterRoute, guardCapture, routeDiagnostics } from "../../session/captures.js"
import type { RouteDiagnostic } from "../../schema/Captures.js"
import { isPendingConfirmation, resolveConfirmation } from "../session/approval.js"
import type { ApprovalRecord, Approver } from "../../schema/Approval.js"
import { closeManagedSession } from "../session/closeSession.js"

/** Who is calling: the pi session and working directory the managed browser belongs to. */
export interface CallContext {
  readonly piSessionId: string
  readonly cwd: string
  readonly signal?: AbortSignal
  /** The pi session is saved to a file: its spill files go to a persistent per-session directory. */
  readonly persistSession?: boolean
  /** Asks the human (pi's UI) to approve an action upstream holds for confirmation; absent without a UI. */
  readonly approve?: Approver
  /** pi trusts the project: its config file may contribute browser defaults. */
  readonly projectTrusted?: boolean
  /** Receives per-step progress of job/qa runs (pi's onUpdate). */
  readonly onProgress?: ProgressSink
}

export interface Executed {
  readonly plan: Plan
  /** For `snapshot --diff`: the session's refs before this snapshot. */
  readonly previousRefs?: RefSnapshot
  /** For `snapshot --viewport`. */
  readonly viewport?: ViewportFacts
  /** A held action the human approved through pi's UI. */
  readonly approval?: ApprovalRecord
  /** After a snapshot: where the session's ref map was saved (restored with the branch on reload/resume/tree). */
  readonly refSnapshot?: RefSnapshotRecord
  /** After open: the tab re-selected because the active one drifted away from the opened page. */
  readonly tabCorrection?: TabCorrection
  /** The verdict of a `qa` call. */
  readonly qa?: QaVerdict
  /** Failed or pending requests matching an active `network route` mock. */
  readonly routeDiagnostics?: ReadonlyArray<RouteDiagnostic>
  readonly binary: ResolvedBinary
  readonly outcome: UpstreamOutcome
  readonly navigation?: { readonly title: string; readonly url: string }
  readonly verified: VerifiedArtifacts
  readonly batchFailure?: { readonly index: number; readonly error: ToolError }
  readonly durationMs: number
}

const shortHash = (value: string, length: number): string => createHash("sha256").update(value).digest("hex").slice(0, length)

/** `pi-<8 hex of the pi session id>-<6 hex of the cwd>`: stable across reloads, distinct per checkout. */
export const baseSessionName = (prefix: string, piSessionId: string, cwd: string): string =>
  `${prefix}-${shortHash(piSessionId, 8)}-${shortHash(cwd, 6)}`

const abortWith = (signal: AbortSignal | undefined) =>
  signal === undefined
    ? Effect.never
    : Effect.async<never, Aborted>((resume) => {
        const onAbort = () => {
          resume(Effect.fail(new Aborted({ dispatched: "maybe" })))
        }
        if (signal.aborted) {
          onAbort()
          return
        }
        signal.addEventListener("abort", onAbort, { once: true })
        return Effect.sync(() => {
          signal.removeEventListener("abort", onAbort)
        })
      })

/** Decodes and plans; nothing runs yet. */
export const prepare = Effect.fn("ToolCall.prepare")(function*(raw: unknown, call: CallContext) {
  const config = yield* ToolConfig
  const registry = yield* SessionRegistry
  const decoded = yield* decodeToolInput(raw)
  const state = yield* registry.current(baseSessionName(config.sessionPrefix, call.piSessionId, call.cwd))
  const resolved = yield* Effect.flatMap(resolveInputMode(decoded, call.cwd), (r) => preResolveFill(r, state.managed.name))
  const plan = yield* planInvocation(resolved.input, state, config, call.cwd)
  return { ...plan, compiled: resolved.compiled } satisfies Plan
})

/** Where a call's files belong: the persisted pi session's directory, or the process-private one. */
const ownerOf = (call: CallContext, config: ToolConfigShape): SpillOwner =>
  call.persistSession === true ? { persistKey: baseSessionName(config.sessionPrefix, call.piSessionId, call.cwd) } : {}

/** Files a compiled job or qa batch will write. */
const compiledOutputs = (plan: Plan): ReadonlyArray<string> =>
  plan.compiled.mode === "job" ? plan.compiled.job.outputPaths : plan.compiled.mode === "qa" ? plan.compiled.qa.outputPaths : []

/** Runs a planned call under its session lock and verifies what it claims. */
export const execute = Effect.fn("ToolCall.execute")(function*(plan: Plan, call: CallContext) {
  const locator = yield* BinaryLocator
  const runner = yield* ProcessRunner
  const registry = yield* SessionRegistry
  const store = yield* ArtifactStore
  const started = Date.now()
  const binary = yield* locator.resolve
  for (const path of [plan.outputPath, ...compiledOutputs(plan)]) if (path !== undefined) yield* store.ensureParentDir(path)

  const { outcome, navigation, approval, tabCorrection } = yield* registry.serialize(plan.sessionName, Effect.gen(function*() {
    yield* guardRefs(plan)
    if (plan.sessionName !== undefined) {
      const refused = guardCapture(plan.line, plan.sessionName, yield* registry.capturesOf(plan.sessionName))
      if (refused !== undefined) return yield* refused
    }
    const steps = plan.compiled.mode === "job" ? plan.compiled.job : plan.compiled.mode === "qa" ? plan.compiled.qa : undefined
    const pinned = steps === undefined ? yield* runPinned(plan, binary) : undefined
    const classified: Either.Either<UpstreamOutcome, ToolError> = steps !== undefined
      ? yield* Effect.either(runSteps(plan, binary, steps.rows, steps.args.includes("--bail"), call.onProgress))
      : pinned !== undefined ? pinned : classifyUpstream(plan, yield* runner.run({
        binary: binary.path,
        args: plan.effectiveArgs,
        ...(plan.stdin !== undefined ? { stdin: plan.stdin } : {}),
        env: plan.env,
        timeoutMs: plan.timeoutMs,
        cwd: plan.cwd
      }))
    // Upstream answered an error for the managed session: its daemon and browser exist now all the same, so later
    // launch flags must be refused rather than silently relaunching it.
    if (plan.sessionRole === "managed" && !isClose(plan.line) && Either.isLeft(classified) && classified.left._tag !== "ParseFailure") {
      yield* registry.recordSuccess(plan)
    }
    const resolved = isPendingConfirmation(classified)
      ? yield* resolveConfirmation(plan, binary, classified.left, call.approve)
      : { outcome: yield* classified, approval: undefined }
    const outcome = resolved.outcome
    const tabCorrection = yield* recoverTab(plan, binary, outcome)
    yield* updatePin(plan, tabCorrection?.reselected)
    const navigation = mayNavigate(plan.line) && outcome.kind === "single" && outcome.warning === undefined
      ? yield* probeNavigation(plan, binary)
      : undefined
    return { outcome, navigation, approval: resolved.approval, tabCorrection }
  }).pipe(
    Effect.catchTag("SelectorNotFound", (error) =>
      Effect.flatMap(plan.line.command === "find" ? visibleRefFallback(plan, binary, withCandidates(plan, error)) : Effect.succeed(error), Effect.fail)),
    Effect.raceFirst(abortWith(call.signal))
  ))

  yield* checkAllowList(plan, outcome, navigation)
  const replaced = yield* registry.recordSuccess(plan)
  if (Option.isSome(replaced)) yield* closeManagedSession(replaced.value, plan.env)

  const previousRefs = plan.sessionName !== undefined && plan.snapshotOptions?.diff === true ? yield* registry.refSnapshotOf(plan.sessionName) : undefined
  const viewport = plan.snapshotOptions?.viewport === true && outcome.kind === "single" ? yield* registry.serialize(plan.sessionName, probeViewport(plan, binary)) : undefined
  let routeFindings: ReadonlyArray<RouteDiagnostic> = []
  let refSnapshotRecord: RefSnapshotRecord | undefined
  if (plan.sessionName !== undefined && plan.kind === "browser") {
    const session = plan.sessionName
    yield* registry.setCaptures(session, isClose(plan.line) ? new Set() : afterCapture(plan.line, yield* registry.capturesOf(session)))
    const routes = isClose(plan.line) ? [] : afterRoute(plan.line, yield* registry.routesOf(session))
    yield* registry.setRoutes(session, routes)
    const requests = (outcome.kind === "single" ? (outcome.data as { requests?: unknown } | null)?.requests : undefined)
    if (Array.isArray(requests) && routes.length > 0) routeFindings = routeDiagnostics(routes, requests as ReadonlyArray<Record<string, unknown>>)
    if (isClose(plan.line)) yield* registry.recordRefSnapshot(session, undefined)
    else if (outcome.kind === "single" && plan.line.command === "snapshot") {
      const refs = refsFrom(outcome.data)
      const origin = (outcome.data as { origin?: unknown } | null)?.origin
      if (refs !== undefined) {
        const observed = yield* observeDaemon(plan)
        const snapshot = { refs, url: typeof origin === "string" ? origin : observed.url ?? "", daemonPid: observed.pid }
        yield* registry.recordRefSnapshot(session, snapshot)
        refSnapshotRecord = {
          session,
          url: snapshot.url,
          refCount: refs.size,
          path: yield* store.saveRefs(ownerOf(call, yield* ToolConfig), encodeRefSnapshot(session, snapshot))
        }
      }
    }
  }

  const verified = yield* verifyArtifacts(plan, outcome)
  const batchFailure = outcome.kind === "batch" ? firstBatchFailure(outcome.rows) : undefined
  const qa = plan.compiled.mode === "qa" && outcome.kind === "batch" ? evaluateQa(plan.compiled.qa, outcome.rows) : undefined
  return {
    plan,
    binary,
    outcome,
    ...(navigation !== undefined ? { navigation } : {}),
    ...(previousRefs !== undefined ? { previousRefs } : {}),
    ...(viewport !== undefined ? { viewport } : {}),
    ...(approval !== undefined ? { approval } : {}),
    ...(tabCorrection !== undefined ? { tabCorrection } : {}),
    ...(refSnapshotRecord !== undefined ? { refSnapshot: refSnapshotRecord } : {}),
    ...(routeFindings.length > 0 ? { routeDiagnostics: routeFindings } : {}),
    verified,
    ...(batchFailure !== undefined ? { batchFailure } : {}),
    ...(qa !== undefined ? { qa } : {}),
    durationMs: Date.now() - started
  } satisfies Executed
})

/** The typed core: succeeds with the executed call, fails with exactly one ToolError. */
export const run = (raw: unknown, call: CallContext) =>
  Effect.flatMap(prepare(raw, call), (plan) => execute(plan, call)).pipe(
    Effect.flatMap((executed) =>
      executed.qa !== undefined && !executed.qa.passed
        ? Effect.fail(new QaFailed({ failedChecks: executed.qa.failedChecks }))
        : executed.batchFailure !== undefined ? Effect.fail(executed.batchFailure.error) : Effect.succeed(executed))
  )

const managedFacts = (registry: SessionRegistry["Type"]) =>
  Effect.map(registry.snapshot, Option.match({
    onNone: () => ({}),
    onSome: (s): { managedSession: NonNullable<ToolDetails["managedSession"]> } => ({
      managedSession: { name: s.managed.name, active: s.managed.active, generation: s.generation, launchFlags: s.managed.launchFlags }
    })
  }))

const rawArgs = (raw: unknown): ReadonlyArray<string> => {
  const args = (raw as { args?: unknown } | null)?.args
  return Array.isArray(args) ? args.filter((a): a is string => typeof a === "string") : []
}

const rawSessionMode = (raw: unknown) => ((raw as { sessionMode?: unknown } | null)?.sessionMode === "fresh" ? "fresh" : "auto") as "auto" | "fresh"

/** The whole call, never failing: every outcome becomes a ToolResult. */
export const runToResult = Effect.fn("ToolCall.runToResult")(function*(raw: unknown, call: CallContext) {
  const presenter = yield* Presenter
  const registry = yield* SessionRegistry
  const config = yield* ToolConfig
  const owner = ownerOf(call, config)
  const prepared = yield* Effect.either(prepare(raw, call))
  if (Either.isLeft(prepared)) {
    return yield* presenter.failure({ plan: undefined, args: rawArgs(raw), sessionMode: rawSessionMode(raw), error: prepared.left, secrets: [], owner, ...(yield* managedFacts(registry)) })
  }
  const plan = prepared.right
  const secrets = plan.line.command === "auth" && plan.stdin !== undefined ? [plan.stdin] : []
  const executed = yield* Effect.either(execute(plan, call))
  const facts = yield* managedFacts(registry)
  if (Either.isLeft(executed)) {
    const failed = yield* presenter.failure({ plan, args: plan.args, sessionMode: plan.sessionMode, error: executed.left, secrets, owner, ...facts })
    return plan.sessionRole === "fresh" ? yield* reportFreshFailure(plan, failed) : failed
  }
  const e = executed.right
  const presented = yield* presenter.success({
    plan,
    outcome: e.outcome,
    verified: e.verified,
    secrets,
    owner,
    durationMs: e.durationMs,
    binary: { version: e.binary.version, native: !e.binary.viaLauncher },
    ...facts,
    ...(e.navigation !== undefined ? { navigation: e.navigation } : {}),
    ...(e.previousRefs !== undefined ? { previousRefs: e.previousRefs } : {}),
    ...(e.viewport !== undefined ? { viewport: e.viewport } : {}),
    ...(e.approval !== undefined ? { approval: e.approval } : {}),
    ...(e.tabCorrection !== undefined ? { tabCorrection: e.tabCorrection } : {}),
    ...(e.refSnapshot !== undefined ? { refSnapshot: e.refSnapshot } : {}),
    ...(e.routeDiagnostics !== undefined ? { routeDiagnostics: e.routeDiagnostics } : {}),
    ...(e.batchFailure !== undefined ? { batchFailure: e.batchFailure } : {}),
    ...(e.qa !== undefined ? { qa: e.qa } : {})
  })
  const guided = yield* browserDefaultsGuidance(presented, plan, call, config.env)
  return plan.input.outputPath === undefined ? guided : yield* attachOutputFile(guided, plan, e.outcome, plan.input.outputPath)
}) satisfies (raw: unknown, call: CallContext) => Effect.Effect<ToolResult, never, unknown>

