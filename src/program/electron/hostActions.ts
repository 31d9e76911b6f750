/**
 * `electron.list`, `status`, `probe` and `cleanup`. List only asks the host; status adds the title and url of the
 * managed session when it is attached to a live launch (mismatch check). Probe reads the attached
 * session through the normal path (so a snapshot updates ref tracking) next to the launch's liveness. Cleanup closes
 * the attached managed session first (the normal `close`, which rotates the managed session), then has the host
 * stop the process group, check the port and remove the profile.
 */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Option from "effect/Option"
import type { ElectronRequest } from "../../schema/ElectronInput.js"
import type { ElectronLaunchRecord } from "../../schema/ElectronRecord.js"
import { urlMismatchOf } from "../../electron/probeFacts.js"
import type { ElectronActionReport, ElectronSessionMismatch, ElectronSessionStep } from "../../domain/ElectronReport.js"
import { type CleanupFailed, InvalidInput } from "../../schema/ToolError.js"
import { ElectronHost } from "../../services/ElectronHost.js"
import { SessionRegistry } from "../../services/SessionRegistry.js"
import { ToolConfig } from "../../services/ToolConfig.js"
import { baseNameOf, type CallContext } from "../pipeline/planSession.js"
import { type ManagedCall, readTimeout, runManagedCall } from "./managedCall.js"
import { readPage, readSession } from "./probeReads.js"

type Report<A extends ElectronActionReport["action"]> = Extract<ElectronActionReport, { action: A }>

export interface HostOutcome {
  readonly plan?: ManagedCall["plan"]
  readonly executed?: ManagedCall["executed"]
  readonly error?: ManagedCall["error"] | CleanupFailed
  readonly electron?: ElectronActionReport
}

const OPEN = new Set(["active", "dead", "partial"])

/** The managed session's lock key, the same one ToolCall's calls queue on. */
const managedKey = (call: CallContext) => Effect.map(ToolConfig, (config) => `managed:${baseNameOf(call, config)}`)

export const runList = (request: Extract<ElectronRequest, { action: "list" }>) =>
  ElectronHost.pipe(
    Effect.flatMap((host) => host.list(request.query, request.maxResults)),
    Effect.map((result): HostOutcome => ({ electron: { action: "list", request, result } satisfies Report<"list"> }))
  )

/**
 * Status asks the host; when the current managed session is attached to a live launch it also reads that session's
 * title and url, so a session showing something other than the app's own pages is reported as a mismatch.
 */
export const runStatus = (request: Extract<ElectronRequest, { action: "status" }>, call: CallContext) =>
  Effect.gen(function* () {
    const host = yield* ElectronHost
    const registry = yield* SessionRegistry
    const report = yield* Effect.either(host.status(request.selector))
    if (Either.isLeft(report)) return { error: report.left } satisfies HostOutcome
    const managed = Option.getOrUndefined(yield* registry.snapshot)?.managed
    const liveSessions = report.right.statuses
      .filter((s) => s.pidAlive && s.sessionName !== undefined)
      .map((s) => s.sessionName ?? "")
    const attached =
      managed?.active === true
        ? report.right.statuses.find((s) => s.pidAlive && s.portAlive && s.sessionName === managed.name)
        : undefined
    const page =
      attached !== undefined && managed !== undefined
        ? yield* registry.withLock(yield* managedKey(call), readPage(managed.name, request.timeoutMs, call))
        : undefined
    const mismatch: ElectronSessionMismatch | undefined =
      managed?.active === true && liveSessions.length > 0 && !liveSessions.includes(managed.name)
        ? { reason: "managed-session-not-attached", managedSession: managed.name, launchSessions: liveSessions }
        : attached !== undefined && page !== undefined && managed !== undefined
          ? urlMismatchOf(attached, managed.name, page)
          : undefined
    const electron: Report<"status"> = {
      action: "status",
      request,
      ...report.right,
      ...(mismatch !== undefined ? { sessionMismatch: mismatch } : {})
    }
    return { electron } satisfies HostOutcome
  }).pipe(Effect.map((outcome): HostOutcome => outcome))

/**
 * The launch and session a probe reads: the named launch's (`launchId`), or the attached managed session and its open
 * launch; an unknown launch or no attached session is the caller's error.
 */
const probeTarget = (
  request: Extract<ElectronRequest, { action: "probe" }>,
  records: ReadonlyArray<ElectronLaunchRecord>,
  managed: { readonly name: string; readonly active: boolean } | undefined
):
  | { readonly error: InvalidInput }
  | { readonly record: ElectronLaunchRecord | undefined; readonly session: string | undefined } => {
  if (request.launchId !== undefined) {
    const record = records.find((r) => r.launchId === request.launchId)
    if (record === undefined) {
      return {
        error: new InvalidInput({
          field: "electron.launchId",
          detail: `electron.launchId: no wrapper launch "${request.launchId}"; run electron status with all: true`
        })
      }
    }
    return { record, session: record.sessionName }
  }
  if (managed?.active !== true) {
    return {
      error: new InvalidInput({
        field: "electron",
        detail: "electron.probe: no attached session; run electron launch first, or pass launchId"
      })
    }
  }
  return {
    record: records.find((r) => r.sessionName === managed.name && OPEN.has(r.cleanupState)),
    session: managed.name
  }
}

export const runProbe = (request: Extract<ElectronRequest, { action: "probe" }>, call: CallContext) =>
  Effect.gen(function* () {
    const host = yield* ElectronHost
    const registry = yield* SessionRegistry
    const records = yield* host.records
    const managed = Option.getOrUndefined(yield* registry.snapshot)?.managed
    const target = probeTarget(request, records, managed)
    if ("error" in target) return { error: target.error } satisfies HostOutcome
    const { record, session } = target
    const launchStatus =
      record !== undefined
        ? yield* host.probe(record.launchId).pipe(
            Effect.tapErrorCause((cause) =>
              Effect.logDebug("Electron launch probe failed: the status has no launch facts", cause)
            ),
            Effect.orElseSucceed(() => undefined)
          )
        : undefined
    const dead = launchStatus !== undefined && (!launchStatus.pidAlive || !launchStatus.portAlive)
    const probeContext = {
      kind: request.launchId !== undefined ? ("launch" as const) : ("current-session" as const),
      ...(record !== undefined ? { launchId: record.launchId } : {}),
      ...(session !== undefined ? { sessionName: session } : {})
    }
    if (session === undefined || dead) {
      const reason = dead
        ? "the launch's process or debug port is gone; clean it up"
        : "no session is attached to this launch"
      const electron: Report<"probe"> = {
        action: "probe",
        request,
        status: "partial",
        probeContext,
        ...(launchStatus !== undefined ? { launchStatus } : {}),
        probe: { errors: [reason] }
      }
      return { electron } satisfies HostOutcome
    }
    const key = yield* managedKey(call)
    const { reads, snapshot } = yield* registry.withLock(
      session === managed?.name ? key : `explicit:${session}`,
      readSession(session, request.timeoutMs, call)
    )
    const mismatch = launchStatus !== undefined ? urlMismatchOf(launchStatus, session, reads) : undefined
    const electron: Report<"probe"> = {
      action: "probe",
      request,
      status: reads.errors.length === 0 ? "succeeded" : "partial",
      probeContext,
      ...(launchStatus !== undefined ? { launchStatus } : {}),
      probe: reads,
      ...(mismatch !== undefined ? { sessionMismatch: mismatch } : {})
    }
    // the snapshot is the probe's body; a failed read is reported in the probe, not as the call's failure
    return {
      ...(snapshot.plan !== undefined ? { plan: snapshot.plan } : {}),
      ...(snapshot.executed !== undefined ? { executed: snapshot.executed } : {}),
      electron
    } satisfies HostOutcome
  }).pipe(Effect.map((outcome): HostOutcome => outcome))

export const runCleanup = (request: Extract<ElectronRequest, { action: "cleanup" }>, call: CallContext) =>
  Effect.gen(function* () {
    const host = yield* ElectronHost
    const registry = yield* SessionRegistry
    const selected = yield* Effect.either(host.status(request.selector))
    if (Either.isLeft(selected)) return { error: selected.left } satisfies HostOutcome
    const owned = new Set((yield* registry.ownedSessions).map((s) => s.name))
    const managed = Option.getOrUndefined(yield* registry.snapshot)?.managed
    const key = yield* managedKey(call)
    const sessionSteps: Array<ElectronSessionStep> = []
    for (const record of selected.right.launches) {
      const session = record.sessionName
      if (session === undefined || !OPEN.has(record.cleanupState)) continue
      if (!owned.has(session)) {
        sessionSteps.push({
          launchId: record.launchId,
          sessionName: session,
          status: "skipped",
          reason: "not open (already closed)"
        })
        continue
      }
      const lock = session === managed?.name ? key : `explicit:${session}`
      const closed = yield* registry.withLock(
        lock,
        runManagedCall({ args: ["--session", session, "close"], ...readTimeout(request.timeoutMs) }, call)
      )
      sessionSteps.push(
        closed.error === undefined
          ? { launchId: record.launchId, sessionName: session, status: "ok" }
          : { launchId: record.launchId, sessionName: session, status: "failed", reason: closed.error._tag }
      )
    }
    const cleaned = yield* Effect.either(host.cleanup(request.selector, request.timeoutMs))
    if (Either.isLeft(cleaned)) {
      const error = cleaned.left
      const cleanup = error._tag === "CleanupFailed" ? error.electronCleanup : undefined
      const electron: Report<"cleanup"> = {
        action: "cleanup",
        request,
        status: "partial",
        sessionSteps,
        ...(cleanup !== undefined ? { cleanup } : {})
      }
      return { error, electron } satisfies HostOutcome
    }
    const electron: Report<"cleanup"> = {
      action: "cleanup",
      request,
      status: "succeeded",
      sessionSteps,
      cleanup: cleaned.right
    }
    return { electron } satisfies HostOutcome
  }).pipe(Effect.map((outcome): HostOutcome => outcome))
