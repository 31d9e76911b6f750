/**
 * The tool's input: one schema that both decodes calls and generates the JSON Schema pi shows the model.
 * Descriptions are model-facing text read on every turn, so each one is short and says what to do.
 */
import * as Either from "effect/Either"
import * as JSONSchema from "effect/JSONSchema"
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import { fieldDescriptions } from "../playbook.js"
import { InvalidInput } from "./ToolError.js"
import { optional } from "./exactOptional.js"

/** Upper bound for the per-call watchdog: long enough for a slow download, short enough to notice a hang. */
export const MAX_TIMEOUT_MS = 600_000

export const SessionMode = Schema.Literal("auto", "fresh")
export type SessionMode = typeof SessionMode.Type

const NonEmpty = Schema.String.pipe(Schema.minLength(1))
const Str = (description?: string) => (description === undefined ? NonEmpty : NonEmpty.annotations({ description }))

export const Locator = Schema.Literal("role", "text", "label", "placeholder", "alt", "title", "testid")
export const LoadState = Schema.Literal("domcontentloaded", "load", "networkidle")

/**
 * A closed set whose values the model-facing text already lists once (semanticAction.locator, a job step's loadState,
 * the job description's step actions): here the JSON Schema shows a plain string, since every byte is sent on every
 * turn; the decoder still enforces the set and names its values when a call misses.
 */
const listedOnce = <S extends Schema.Annotable.All>(schema: S): Schema.Annotable.Self<S> =>
  schema.annotations({ jsonSchema: { type: "string" } })

/** Target an element by role/text/label/... (compiled to upstream `find`) or by selector/@ref. */
export const SemanticAction = Schema.Struct({
  /** Listed in the semanticAction description (which the job description points to): no second list. */
  action: listedOnce(
    Schema.Literal("click", "dblclick", "fill", "check", "uncheck", "hover", "scrollIntoView", "press", "select")
  ),
  locator: optional(Locator),
  value: optional(Str(fieldDescriptions.semanticValue)),
  role: optional(NonEmpty),
  name: optional(Str(fieldDescriptions.semanticName)),
  text: optional(Schema.String),
  selector: optional(Str(fieldDescriptions.semanticSelector)),
  values: optional(Schema.Array(NonEmpty).pipe(Schema.minItems(1))),
  exact: optional(Schema.Boolean),
  session: optional(NonEmpty)
}).annotations({ description: fieldDescriptions.semanticAction })
export type SemanticAction = typeof SemanticAction.Type

export const JobStep = Schema.Struct({
  /** Named in the job description (element actions as semanticAction's, then the job's own): no second list. */
  action: listedOnce(
    Schema.Literal(
      "open",
      "click",
      "dblclick",
      "fill",
      "type",
      "press",
      "select",
      "check",
      "uncheck",
      "hover",
      "scrollIntoView",
      "drag",
      "rightclick",
      "drop",
      "wait",
      "assertText",
      "assertUrl",
      "waitForDownload",
      "snapshot",
      "screenshot"
    )
  ),
  url: optional(NonEmpty),
  loadState: optional(LoadState),
  selector: optional(NonEmpty),
  locator: optional(listedOnce(Locator)),
  value: optional(NonEmpty),
  role: optional(NonEmpty),
  name: optional(NonEmpty),
  text: optional(Schema.String),
  values: optional(Schema.Array(NonEmpty).pipe(Schema.minItems(1))),
  exact: optional(Schema.Boolean),
  delayMs: optional(Schema.Number.pipe(Schema.int(), Schema.between(1, 2000))),
  press: optional(NonEmpty),
  /** drag: where to drop (CSS or @ref). */
  target: optional(NonEmpty),
  milliseconds: optional(Schema.Number.pipe(Schema.int(), Schema.between(1, 120_000))),
  path: optional(NonEmpty)
})
export type JobStep = typeof JobStep.Type

export const Job = Schema.Struct({
  steps: Schema.Array(JobStep).pipe(Schema.minItems(1)),
  failFast: optional(Schema.Boolean)
}).annotations({ description: fieldDescriptions.job })
export type Job = typeof Job.Type

export const Qa = Schema.Struct({
  url: optional(NonEmpty),
  attached: optional(Schema.Boolean),
  loadState: optional(listedOnce(LoadState)),
  expectedText: optional(Schema.Union(NonEmpty, Schema.Array(NonEmpty))),
  expectedSelector: optional(NonEmpty),
  screenshotPath: optional(NonEmpty),
  checkNetwork: optional(Schema.Boolean),
  checkConsole: optional(Schema.Boolean),
  checkErrors: optional(Schema.Boolean)
}).annotations({ description: fieldDescriptions.qa })
export type Qa = typeof Qa.Type

/** Bounds (1..5000) are checked by the lookup compilers: the JSON Schema stays short. */
const WorkspaceFiles = Schema.Number

export const SourceLookup = Schema.Struct({
  selector: optional(NonEmpty),
  reactFiberId: optional(NonEmpty),
  componentName: optional(NonEmpty),
  includeDomHints: optional(Schema.Boolean),
  maxWorkspaceFiles: optional(WorkspaceFiles)
}).annotations({ description: fieldDescriptions.sourceLookup })
export type SourceLookup = typeof SourceLookup.Type

export const NetworkSourceLookup = Schema.Struct({
  requestId: optional(NonEmpty),
  filter: optional(NonEmpty),
  url: optional(NonEmpty),
  session: optional(NonEmpty),
  maxWorkspaceFiles: optional(WorkspaceFiles)
}).annotations({ description: fieldDescriptions.networkSourceLookup })
export type NetworkSourceLookup = typeof NetworkSourceLookup.Type

export const ToolInput = Schema.Struct({
  args: Schema.optionalWith(
    Schema.Array(Schema.String).pipe(
      Schema.minItems(1),
      Schema.annotations({
        message: () => 'must be a non-empty array of strings, e.g. ["snapshot","-i"]',
        description: fieldDescriptions.args
      })
    ),
    { exact: true }
  ),
  semanticAction: optional(SemanticAction),
  job: optional(Job),
  qa: optional(Qa),
  sourceLookup: optional(SourceLookup),
  networkSourceLookup: optional(NetworkSourceLookup),
  /** Decoded by `decodeElectronInput` (its own messages); the JSON Schema stays one line of the per-turn budget. */
  electron: optional(
    Schema.Unknown.annotations({ jsonSchema: { type: "object", description: fieldDescriptions.electron } })
  ),
  stdin: Schema.optionalWith(
    Schema.String.annotations({
      message: () => "must be a string",
      description: fieldDescriptions.stdin
    }),
    { exact: true }
  ),
  sessionMode: Schema.optionalWith(
    SessionMode.annotations({
      description: fieldDescriptions.sessionMode
    }),
    { exact: true }
  ),
  outputPath: Schema.optionalWith(
    Schema.String.pipe(Schema.minLength(1)).annotations({
      message: () => "must be a non-empty file path",
      description: fieldDescriptions.outputPath
    }),
    { exact: true }
  ),
  timeoutMs: Schema.optionalWith(
    Schema.Number.pipe(Schema.int(), Schema.between(1_000, MAX_TIMEOUT_MS)).annotations({
      message: () => `must be an integer number of milliseconds between 1000 and ${MAX_TIMEOUT_MS}`,
      description: fieldDescriptions.timeoutMs
    }),
    { exact: true }
  )
})

export type ToolInput = typeof ToolInput.Type

/**
 * The input modes: a call gives exactly one (`resolveInputMode`); every other field of {@link ToolInput} modifies it.
 */
export const INPUT_MODES = [
  "args",
  "semanticAction",
  "job",
  "qa",
  "sourceLookup",
  "networkSourceLookup",
  "electron"
] as const

const decode = Schema.decodeUnknownEither(ToolInput, { errors: "all", onExcessProperty: "error" })

/** One line per field; union members' "Expected X, actual Y" lines merge into "Expected X or Y, actual Z". */
const formatIssues = (error: ParseResult.ParseError): string => {
  const byPath = new Map<string, Array<string>>()
  for (const issue of ParseResult.ArrayFormatter.formatErrorSync(error)) {
    const path = issue.path.join(".") || "input"
    byPath.set(path, [...(byPath.get(path) ?? []), issue.message])
  }
  return [...byPath.entries()]
    .map(([path, messages]) => {
      const expected = messages.map((m) => /^Expected (.+), actual (.+)$/.exec(m))
      if (messages.length > 1 && expected.every((m) => m !== null)) {
        return `${path}: expected ${expected.map((m) => m?.[1]).join(" or ")}, got ${expected[0]?.[2]}`
      }
      return `${path}: ${[...new Set(messages)].join("; ")}`
    })
    .join("; ")
}

/** The deepest nesting a valid input has is a handful of levels; anything past this is refused before decoding. */
export const MAX_INPUT_DEPTH = 32

/** How deep `raw` nests arrays and objects, counted without recursion and stopping once past `limit`. */
export const nestingDepth = (raw: unknown, limit = MAX_INPUT_DEPTH): number => {
  let deepest = 0
  const stack: Array<readonly [unknown, number]> = [[raw, 0]]
  while (stack.length > 0 && deepest <= limit) {
    const [node, depth] = stack.pop() ?? [undefined, 0]
    if (node === null || typeof node !== "object") continue
    deepest = Math.max(deepest, depth + 1)
    for (const child of Array.isArray(node) ? node : Object.values(node)) stack.push([child, depth + 1])
  }
  return deepest
}

/** The top-level field (or the input itself) that nests past the limit, if any. */
const tooDeep = (raw: unknown): string | undefined => {
  if (nestingDepth(raw) <= MAX_INPUT_DEPTH) return undefined
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return "input"
  return (
    Object.entries(raw).find(([, value]) => nestingDepth(value, MAX_INPUT_DEPTH - 1) > MAX_INPUT_DEPTH - 1)?.[0] ??
    "input"
  )
}

/** Decodes raw tool parameters; every problem is reported at once, prefixed with its field path. */
export const decodeToolInput = (raw: unknown): Either.Either<ToolInput, InvalidInput> => {
  const deep = tooDeep(raw)
  return deep !== undefined
    ? Either.left(
        new InvalidInput({
          field: deep,
          detail:
            `${deep}: nested more than ${MAX_INPUT_DEPTH} levels deep; no field of this tool nests that far ` +
            "(args is a flat array of strings)"
        })
      )
    : Either.mapLeft(decode(raw), (error) => new InvalidInput({ detail: formatIssues(error) }))
}

/** Effect's generated constraint prose ("a string at least 1 character(s) long"): the keywords already say it. */
const GENERATED_DESCRIPTION =
  /^(a string at least|an array of at least|a number between|an integer|a non-negative|a positive)/

/**
 * Drops JSON Schema keys the model gains nothing from: generated titles and constraint prose, `$schema`, and
 * `minLength: 1`, an empty `required`, and inside the modes `minItems: 1`, `minimum: 1` and
 * `additionalProperties: false` (the decoder still enforces them all, with a clear message). Every byte here is sent
 * on every turn.
 */
const stripNoise = (node: unknown, depth = 0): unknown => {
  if (Array.isArray(node)) return node.map((n) => stripNoise(n, depth + 1))
  if (node === null || typeof node !== "object") return node
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(node)) {
    if (key === "title" || key === "$schema") continue
    if (key === "description" && typeof value === "string" && GENERATED_DESCRIPTION.test(value)) continue
    if (key === "minLength" && value === 1) continue
    // inside the input modes the decoder enforces these itself; the top level keeps them for pi's validator
    if (
      (key === "minItems" && value === 1 && depth >= 3) ||
      (key === "additionalProperties" && value === false && depth >= 1)
    )
      continue
    if (key === "minimum" && value === 1 && depth >= 3) continue // a step's ms: a count of milliseconds is at least 1
    if (key === "required" && Array.isArray(value) && value.length === 0) continue
    out[key] = stripNoise(value, depth + 1)
  }
  return out
}

/** The JSON Schema pi registers as the tool's `parameters`, derived from {@link ToolInput}. */
export const toolInputJsonSchema = (): Record<string, unknown> =>
  stripNoise(JSONSchema.make(ToolInput, { target: "jsonSchema7" })) as Record<string, unknown>
