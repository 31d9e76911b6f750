/**
 * The `electron` input mode: one Schema per action (list, launch, status, probe, cleanup) as a union on `action`,
 * with every rule of the contract as a filter, so decoding through the tool's input schema enforces it too.
 * `normalizeElectronInput` then applies the defaults (handoff `snapshot`, targetType `page`, launch readiness 15 s
 * capped at 120 s) and turns the launch target into one tagged field.
 */
import * as Either from "effect/Either"
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import { fieldDescriptions } from "../playbook.js"
import { InvalidInput } from "./ToolError.js"
import { optional } from "./exactOptional.js"

/** Launch readiness window: the default, and the cap a caller cannot exceed. */
export const DEFAULT_LAUNCH_TIMEOUT_MS = 15_000
export const MAX_LAUNCH_TIMEOUT_MS = 120_000
/** Bounded discovery output. */
export const DEFAULT_LIST_MAX_RESULTS = 20
export const MAX_LIST_MAX_RESULTS = 100
/** Cleanup budget when the call gives none (process exit, port check and profile removal together). */
export const DEFAULT_CLEANUP_TIMEOUT_MS = 5_000

/** Flags the wrapper owns: a caller choosing them would defeat isolation or the port discovery. */
export const WRAPPER_OWNED_FLAGS = [
  "--user-data-dir",
  "--remote-debugging-port",
  "--remote-debugging-address",
  "--remote-debugging-pipe",
  "--"
] as const

/** The wrapper-owned flag an app argument spells (`--flag` or `--flag=value`, any case), if any. */
export const wrapperOwnedFlag = (arg: string): string | undefined => {
  const name = arg.trim().toLowerCase().split("=", 1)[0] ?? ""
  return WRAPPER_OWNED_FLAGS.find((flag) => name === flag)
}

const NonEmpty = Schema.String.pipe(Schema.minLength(1))
const PositiveInt = Schema.Number.pipe(Schema.int(), Schema.positive()).annotations({
  message: () => "must be a positive integer number of milliseconds"
})
const PolicyList = Schema.Array(NonEmpty).pipe(Schema.minItems(1))

export const ElectronHandoff = Schema.Literal("connect", "tabs", "snapshot")
export type ElectronHandoff = typeof ElectronHandoff.Type
export const ElectronTargetType = Schema.Literal("page", "webview", "any")
export type ElectronTargetType = typeof ElectronTargetType.Type

export const ElectronList = Schema.Struct({
  action: Schema.Literal("list"),
  query: optional(NonEmpty),
  maxResults: optional(
    Schema.Number.pipe(Schema.int(), Schema.between(1, MAX_LIST_MAX_RESULTS)).annotations({
      message: () => `must be an integer between 1 and ${MAX_LIST_MAX_RESULTS}`
    })
  )
})

const TARGET_FIELDS = ["appPath", "appName", "bundleId", "executablePath"] as const

export const ElectronLaunch = Schema.Struct({
  action: Schema.Literal("launch"),
  appPath: optional(NonEmpty),
  appName: optional(NonEmpty),
  bundleId: optional(NonEmpty),
  executablePath: optional(NonEmpty),
  appArgs: optional(
    Schema.Array(Schema.String).pipe(
      Schema.filter((args) => {
        const owned = args.map(wrapperOwnedFlag).filter((f) => f !== undefined)
        return owned.length === 0 || `wrapper-owned flags are not allowed: ${[...new Set(owned)].join(", ")}`
      })
    )
  ),
  handoff: optional(ElectronHandoff),
  targetType: optional(ElectronTargetType),
  // Non-positive values are accepted and normalized to the default, as the contract says.
  timeoutMs: optional(
    Schema.Number.pipe(Schema.int()).annotations({ message: () => "must be an integer number of milliseconds" })
  ),
  allow: optional(PolicyList),
  deny: optional(PolicyList)
}).pipe(
  Schema.filter((launch) => {
    const given = TARGET_FIELDS.filter((f) => launch[f] !== undefined)
    if (given.length === 1) return true
    return {
      path: [],
      message:
        given.length === 0
          ? `launch needs exactly one of ${TARGET_FIELDS.join(", ")}`
          : `launch takes exactly one target, got ${given.join(" and ")}`
    }
  })
)

const noBoth = (value: { readonly launchId?: string; readonly all?: true }) =>
  value.launchId === undefined || value.all === undefined || "launchId and all cannot both be set"

const selectorFields = {
  launchId: optional(NonEmpty),
  all: optional(Schema.Literal(true).annotations({ message: () => "must be true (omit it otherwise)" })),
  timeoutMs: optional(PositiveInt)
}
export const ElectronStatus = Schema.Struct({ action: Schema.Literal("status"), ...selectorFields }).pipe(
  Schema.filter(noBoth)
)
export const ElectronCleanup = Schema.Struct({ action: Schema.Literal("cleanup"), ...selectorFields }).pipe(
  Schema.filter(noBoth)
)
export const ElectronProbe = Schema.Struct({
  action: Schema.Literal("probe"),
  launchId: optional(NonEmpty),
  timeoutMs: optional(PositiveInt)
})

export const ElectronInput = Schema.Union(
  ElectronList,
  ElectronLaunch,
  ElectronStatus,
  ElectronProbe,
  ElectronCleanup
).annotations({ description: fieldDescriptions.electron })
export type ElectronInput = typeof ElectronInput.Type

/** Which target a launch names; exactly one, by construction. */
export type LaunchTarget =
  | { readonly _tag: "appPath"; readonly value: string }
  | { readonly _tag: "appName"; readonly value: string }
  | { readonly _tag: "bundleId"; readonly value: string }
  | { readonly _tag: "executablePath"; readonly value: string }

export interface LaunchRequest {
  readonly target: LaunchTarget
  readonly appArgs: ReadonlyArray<string>
  readonly handoff: ElectronHandoff
  readonly targetType: ElectronTargetType
  readonly timeoutMs: number
  readonly allow?: ReadonlyArray<string>
  readonly deny?: ReadonlyArray<string>
}

/** Which launches status/cleanup address: one id, all tracked, or the single active one. */
export type LaunchSelector =
  | { readonly _tag: "one"; readonly launchId: string }
  | { readonly _tag: "all" }
  | { readonly _tag: "default" }

/** The decoded input with defaults applied: what the program hands to the ElectronHost. */
export type ElectronRequest =
  | { readonly action: "list"; readonly query?: string; readonly maxResults: number }
  | { readonly action: "launch"; readonly launch: LaunchRequest }
  | { readonly action: "status"; readonly selector: LaunchSelector; readonly timeoutMs?: number }
  | { readonly action: "cleanup"; readonly selector: LaunchSelector; readonly timeoutMs: number }
  | { readonly action: "probe"; readonly launchId?: string; readonly timeoutMs?: number }

export const normalizeLaunchTimeout = (timeoutMs: number | undefined): number =>
  timeoutMs === undefined || timeoutMs <= 0 ? DEFAULT_LAUNCH_TIMEOUT_MS : Math.min(timeoutMs, MAX_LAUNCH_TIMEOUT_MS)

const selectorOf = (input: { readonly launchId?: string; readonly all?: true }): LaunchSelector =>
  input.launchId !== undefined
    ? { _tag: "one", launchId: input.launchId }
    : input.all === true
      ? { _tag: "all" }
      : { _tag: "default" }

const launchTargetOf = (input: typeof ElectronLaunch.Type): LaunchTarget => {
  if (input.appPath !== undefined) return { _tag: "appPath", value: input.appPath }
  if (input.appName !== undefined) return { _tag: "appName", value: input.appName }
  if (input.bundleId !== undefined) return { _tag: "bundleId", value: input.bundleId }
  return { _tag: "executablePath", value: input.executablePath ?? "" }
}

export const normalizeElectronInput = (input: ElectronInput): ElectronRequest => {
  switch (input.action) {
    case "list":
      return {
        action: "list",
        maxResults: input.maxResults ?? DEFAULT_LIST_MAX_RESULTS,
        ...(input.query !== undefined ? { query: input.query } : {})
      }
    case "launch":
      return {
        action: "launch",
        launch: {
          target: launchTargetOf(input),
          appArgs: input.appArgs ?? [],
          handoff: input.handoff ?? "snapshot",
          targetType: input.targetType ?? "page",
          timeoutMs: normalizeLaunchTimeout(input.timeoutMs),
          ...(input.allow !== undefined ? { allow: input.allow } : {}),
          ...(input.deny !== undefined ? { deny: input.deny } : {})
        }
      }
    case "status":
      return {
        action: "status",
        selector: selectorOf(input),
        ...(input.timeoutMs !== undefined ? { timeoutMs: input.timeoutMs } : {})
      }
    case "cleanup":
      return {
        action: "cleanup",
        selector: selectorOf(input),
        timeoutMs: input.timeoutMs ?? DEFAULT_CLEANUP_TIMEOUT_MS
      }
    case "probe":
      return {
        action: "probe",
        ...(input.launchId !== undefined ? { launchId: input.launchId } : {}),
        ...(input.timeoutMs !== undefined ? { timeoutMs: input.timeoutMs } : {})
      }
  }
}

const decode = Schema.decodeUnknownEither(ElectronInput, { errors: "all", onExcessProperty: "error" })

const ACCEPTED: Record<string, string> = {
  list: "query, maxResults",
  launch: "appPath, appName, bundleId, executablePath, appArgs, handoff, targetType, timeoutMs, allow, deny",
  status: "launchId, all, timeoutMs",
  cleanup: "launchId, all, timeoutMs",
  probe: "launchId, timeoutMs"
}

/** One line per field, prefixed `electron.`; an unexpected field names what the action accepts. */
const formatIssues = (
  raw: unknown,
  error: ParseResult.ParseError
): { readonly detail: string; readonly field?: string } => {
  const action = typeof raw === "object" && raw !== null ? (raw as Record<string, unknown>)["action"] : undefined
  const lines = new Map<string, Set<string>>()
  for (const issue of ParseResult.ArrayFormatter.formatErrorSync(error)) {
    const path = ["electron", ...issue.path.map(String)].join(".")
    let message = issue.message
    if (message.startsWith("is unexpected") && typeof action === "string" && ACCEPTED[action] !== undefined) {
      message = `is unexpected; ${action} accepts only ${ACCEPTED[action]}`
    }
    lines.set(path, (lines.get(path) ?? new Set()).add(message))
  }
  const entries = [...lines.entries()]
  const first = entries[0]?.[0]
  return {
    detail: entries.map(([path, messages]) => `${path}: ${[...messages].join("; ")}`).join("; "),
    ...(first !== undefined ? { field: first } : {})
  }
}

/** Decodes the raw `electron` object (actions, fields, rules) and applies the defaults. */
export const decodeElectronInput = (raw: unknown): Either.Either<ElectronRequest, InvalidInput> => {
  if (typeof raw === "object" && raw !== null && !Array.isArray(raw)) {
    const action = (raw as Record<string, unknown>)["action"]
    if (!(typeof action === "string" && action in ACCEPTED)) {
      return Either.left(
        new InvalidInput({
          detail: `electron.action: must be one of ${Object.keys(ACCEPTED).join(", ")}`,
          field: "electron.action"
        })
      )
    }
  }
  return Either.mapBoth(decode(raw), {
    onLeft: (error) => new InvalidInput(formatIssues(raw, error)),
    onRight: normalizeElectronInput
  })
}
