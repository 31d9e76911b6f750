/**
 * The tool's input: one schema that both decodes calls and generates the JSON Schema pi shows the model.
 * Descriptions are model-facing text read on every turn, so each one is short and says what to do.
 */
import * as Either from "effect/Either"
import * as JSONSchema from "effect/JSONSchema"
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import { InvalidInput } from "./ToolError.js"

/** Upper bound for the per-call watchdog: long enough for a slow download, short enough to notice a hang. */
export const MAX_TIMEOUT_MS = 600_000

export const SessionMode = Schema.Literal("auto", "fresh")
export type SessionMode = typeof SessionMode.Type

export const ToolInput = Schema.Struct({
  args: Schema.Array(Schema.String).pipe(
    Schema.minItems(1),
    Schema.annotations({
      message: () => "must be a non-empty array of strings, e.g. [\"snapshot\",\"-i\"]",
      description:
        "agent-browser CLI args after the binary, e.g. [\"open\",\"http://localhost:3000\"], [\"snapshot\",\"-i\"], [\"click\",\"@e2\"]. No shell syntax; --json is added for you."
    })
  ),
  stdin: Schema.optionalWith(
    Schema.String.annotations({
      message: () => "must be a string",
      description: "Raw stdin, only for eval --stdin (JS), batch (JSON array of argv arrays) and auth save --password-stdin."
    }),
    { exact: true }
  ),
  sessionMode: Schema.optionalWith(
    SessionMode.annotations({
      description: "auto (default): this conversation's browser. fresh: a new managed browser, needed to apply launch flags such as --profile, --cdp or --state after the first call."
    }),
    { exact: true }
  ),
  outputPath: Schema.optionalWith(
    Schema.String.pipe(Schema.minLength(1)).annotations({
      message: () => "must be a non-empty file path",
      description: "Also save this call's result to a file (JSON data, or text; a snapshot's full tree). Relative to the cwd."
    }),
    { exact: true }
  ),
  timeoutMs: Schema.optionalWith(
    Schema.Number.pipe(Schema.int(), Schema.between(1_000, MAX_TIMEOUT_MS)).annotations({
      message: () => `must be an integer number of milliseconds between 1000 and ${MAX_TIMEOUT_MS}`,
      description: "Watchdog for this call in ms (default 35000). Raise it for long waits or slow pages."
    }),
    { exact: true }
  )
})

export type ToolInput = typeof ToolInput.Type

const decode = Schema.decodeUnknownEither(ToolInput, { errors: "all", onExcessProperty: "error" })

/** One line per field; union members' "Expected X, actual Y" lines merge into "Expected X or Y, actual Z". */
const formatIssues = (error: ParseResult.ParseError): string => {
  const byPath = new Map<string, Array<string>>()
  for (const issue of ParseResult.ArrayFormatter.formatErrorSync(error)) {
    const path = issue.path.join(".") || "input"
    byPath.set(path, [...(byPath.get(path) ?? []), issue.message])
  }
  return [...byPath.entries()].map(([path, messages]) => {
    const expected = messages.map((m) => /^Expected (.+), actual (.+)$/.exec(m))
    if (messages.length > 1 && expected.every((m) => m !== null)) {
      return `${path}: expected ${expected.map((m) => m?.[1]).join(" or ")}, got ${expected[0]?.[2]}`
    }
    return `${path}: ${[...new Set(messages)].join("; ")}`
  }).join("; ")
}

/** Decodes raw tool parameters; every problem is reported at once, prefixed with its field path. */
export const decodeToolInput = (raw: unknown): Either.Either<ToolInput, InvalidInput> =>
  Either.mapLeft(decode(raw), (error) => new InvalidInput({ message: formatIssues(error) }))

/** Drops JSON Schema keys the model gains nothing from (generated titles, `$schema`). */
const stripNoise = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(stripNoise)
  if (node === null || typeof node !== "object") return node
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(node)) {
    if (key === "title" || key === "$schema") continue
    out[key] = stripNoise(value)
  }
  return out
}

/** The JSON Schema pi registers as the tool's `parameters`, derived from {@link ToolInput}. */
export const toolInputJsonSchema = (): Record<string, unknown> =>
  stripNoise(JSONSchema.make(ToolInput, { target: "jsonSchema7" })) as Record<string, unknown>
