/**
 * Upstream's wire, in one place: a batch's stdin (its steps as JSON, and the one decoder of that text), the stdout
 * documents it prints back (normalized envelopes), and a value a page script hands back by throwing it. Pure.
 */
import * as Either from "effect/Either"
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import { BatchRow, SingleEnvelope, type UpstreamEnvelope } from "../schema/UpstreamEnvelope.js"

/**
 * Parses one stdout document of agent-browser into its normalized envelope (schemas in schema/UpstreamEnvelope),
 * with a JSON.parse that keeps integers above 2^53 exact: agent-browser prints `launchHash` as a bare u64 (e.g.
 * 13207839290292603806), which plain JSON.parse would silently round. Unsafe integers become decimal strings.
 */
const SIXTEEN_DIGITS = /\d{16}/

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= "0" && c <= "9"

/** Rewrites unsafe integer literals outside strings as quoted strings; everything else is copied verbatim. */
export const quoteUnsafeIntegers = (text: string): string => {
  // an unsafe integer has at least 16 digits: a document with no such run (most) is copied as it is, unscanned
  if (!SIXTEEN_DIGITS.test(text)) return text
  let out = ""
  let i = 0
  let copiedUpTo = 0
  while (i < text.length) {
    const c = text[i]
    if (c === '"') {
      i++
      while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1
      i++
      continue
    }
    if (c === "-" || isDigit(c)) {
      const start = i
      if (c === "-") i++
      while (isDigit(text[i])) i++
      const isInteger = text[i] !== "." && text[i] !== "e" && text[i] !== "E"
      const literal = text.slice(start, i)
      if (isInteger && literal.replace("-", "").length >= 16 && !Number.isSafeInteger(Number(literal))) {
        out += text.slice(copiedUpTo, start) + '"' + literal + '"'
        copiedUpTo = i
      }
      while (i < text.length && /[0-9.eE+-]/.test(text[i] ?? "")) i++
      continue
    }
    i++
  }
  return out + text.slice(copiedUpTo)
}

export const parseJsonLossless = (text: string): unknown => JSON.parse(quoteUnsafeIntegers(text))

const decodeSingle = Schema.decodeUnknownEither(SingleEnvelope)
const decodeBatch = Schema.decodeUnknownEither(Schema.Array(BatchRow))

type Json = Record<string, unknown>
const isRecord = (v: unknown): v is Json => v !== null && typeof v === "object" && !Array.isArray(v)
const optional = (v: unknown, is: (v: unknown) => boolean): boolean => v === undefined || is(v)
const isString = (v: unknown): boolean => typeof v === "string"
const isStrings = (v: unknown): boolean => Array.isArray(v) && v.every(isString)
const orNull = (v: unknown): unknown => (v === undefined ? null : v)
/** `key` copied only when present, as `optionalWith(…, { exact: true })` decodes it. */
const exact = (json: Json, key: string): Json => (json[key] !== undefined ? { [key]: json[key] } : {})

/**
 * The decoders above, for the documents upstream prints (plain JSON, every field of its type): the same value in
 * the schema's key order, without the schema's walk (~0.1 ms a reply); anything else (undefined: not such a
 * document) goes to the schema, which decodes it or says what is wrong.
 */
const rowOf = (json: unknown): BatchRow | undefined =>
  isRecord(json) &&
  typeof json["success"] === "boolean" &&
  optional(json["command"], isStrings) &&
  optional(json["index"], (v) => typeof v === "number") &&
  optional(json["error"], (v) => v === null || isString(v)) &&
  optional(json["warning"], isString) &&
  optional(json["code"], isString)
    ? ({
        ...exact(json, "command"),
        ...exact(json, "index"),
        success: json["success"],
        result: orNull(json["result"]),
        error: orNull(json["error"]),
        ...exact(json, "warning"),
        ...exact(json, "code")
      } as BatchRow)
    : undefined

const singleOf = (json: unknown): SingleEnvelope | undefined =>
  isRecord(json) &&
  typeof json["success"] === "boolean" &&
  optional(json["error"], (v) => v === null || isString(v)) &&
  optional(json["warning"], isString) &&
  optional(json["code"], isString) &&
  optional(json["type"], isString)
    ? ({
        success: json["success"],
        data: orNull(json["data"]),
        error: orNull(json["error"]),
        ...exact(json, "warning"),
        ...exact(json, "code"),
        ...exact(json, "type"),
        ...exact(json, "_boundary")
      } as SingleEnvelope)
    : undefined

const rowsOf = (json: ReadonlyArray<unknown>): ReadonlyArray<BatchRow> | undefined => {
  const rows: Array<BatchRow> = []
  for (const item of json) {
    const row = rowOf(item)
    if (row === undefined) return undefined
    rows.push(row)
  }
  return rows
}

/** Parses one stdout document. Left carries a short reason suitable for `details.parseError`. */
export const parseEnvelope = (stdout: string): Either.Either<UpstreamEnvelope, string> => {
  const text = stdout.trim()
  if (text === "") return Either.left("empty stdout")
  let json: unknown
  try {
    json = parseJsonLossless(text)
  } catch (error) {
    return Either.left(`stdout is not JSON: ${(error as Error).message}`)
  }
  if (Array.isArray(json)) {
    const rows = rowsOf(json)
    if (rows !== undefined) return Either.right({ kind: "batch", rows })
    return Either.match(decodeBatch(json), {
      onLeft: (e) => Either.left(`unexpected batch shape: ${ParseResult.TreeFormatter.formatErrorSync(e)}`),
      onRight: (rows) => Either.right({ kind: "batch" as const, rows })
    })
  }
  const envelope = singleOf(json)
  if (envelope !== undefined) return Either.right({ kind: "single", envelope })
  return Either.match(decodeSingle(json), {
    onLeft: (e) => Either.left(`unexpected envelope shape: ${ParseResult.TreeFormatter.formatErrorSync(e)}`),
    onRight: (envelope) => Either.right({ kind: "single" as const, envelope })
  })
}

/**
 * A batch's stdin as upstream reads it: a JSON array of steps, each an argv array of strings
 * (`[["open","<url>"],["get","title"]]`). The one decoder of that text; callers take the rows as written, or only the
 * steps of the right shape.
 */

/** Why stdin is not a batch at all (each row is checked by the caller that cares). */
export type BatchStdinProblem = "is not JSON" | "is not a JSON array"

/** The rows of a batch's stdin as written, or why it has none. */
export type ParsedBatchStdin = { readonly rows: ReadonlyArray<unknown> } | { readonly problem: BatchStdinProblem }

export const parseBatchStdin = (stdin: string): ParsedBatchStdin => {
  let rows: unknown
  try {
    rows = JSON.parse(stdin)
  } catch {
    return { problem: "is not JSON" }
  }
  return Array.isArray(rows) ? { rows } : { problem: "is not a JSON array" }
}

/** The rows as written (any values), or undefined when stdin is missing or not a JSON array. */
export const batchRowsOf = (stdin: string | undefined): ReadonlyArray<unknown> | undefined => {
  if (stdin === undefined) return undefined
  const parsed = parseBatchStdin(stdin)
  return "rows" in parsed ? parsed.rows : undefined
}

/** A row upstream runs as a step: an argv array of strings. */
export const isBatchStep = (row: unknown): row is ReadonlyArray<string> =>
  Array.isArray(row) && row.every((t) => typeof t === "string")

/** The decoded steps (rows of another shape left out), or undefined when stdin is missing or not a JSON array. */
export const batchStepsOf = (stdin: string | undefined): ReadonlyArray<ReadonlyArray<string>> | undefined =>
  batchRowsOf(stdin)?.filter(isBatchStep)

/**
 * A batch's stdin: its steps as JSON, exactly as `JSON.stringify(steps)` prints them. The long arguments (the click's
 * recorder and read scripts, ~31 KiB of escaped source) are the same call after call; each is escaped once and kept,
 * a few at a time (escaping them cost ~0.1-0.3 ms on every click, bench:core).
 */

/** Arguments shorter than this are escaped each time (a lookup would cost about as much). */
const LONG = 1_024
/** Long arguments kept at once (the oldest is dropped for a new one): a few batches' scripts. */
const KEPT = 32

/** A printer of steps with its own store of escaped arguments (one per SessionCommands layer). */
export const makeStepsJson = (): ((steps: ReadonlyArray<ReadonlyArray<string>>) => string) => {
  const escaped = new Map<string, string>()
  const jsonOf = (arg: string): string => {
    if (arg.length < LONG) return JSON.stringify(arg)
    const known = escaped.get(arg)
    if (known !== undefined) return known
    const json = JSON.stringify(arg)
    if (escaped.size >= KEPT) escaped.delete(escaped.keys().next().value as string)
    escaped.set(arg, json)
    return json
  }
  return (steps) =>
    steps.every((step) => step.every((arg) => typeof arg === "string"))
      ? `[${steps.map((step) => `[${step.map(jsonOf).join(",")}]`).join(",")}]`
      : JSON.stringify(steps)
}

/**
 * A value an `eval` step hands back by throwing it: a batch that stops at its first failed step ends there, so one
 * read can both answer and decide whether the steps after it run (the click's read, clickRecorder.ts). The value
 * travels in upstream's error text between two U+0001 marks, which JSON text cannot contain (it escapes control
 * characters); the classifier takes it out of a failed eval row, once (`thrownValueOf`).
 */

/** What encloses the value a page step throws (`throwValueStatement`). */
export const MARK = "\u0001"

/** Page-side statement: throws `expression`'s value (JSON-serializable) so that `thrownValueOf` reads it back. */
export const throwValueStatement = (expression: string): string =>
  `throw new Error(${JSON.stringify(MARK)} + JSON.stringify(${expression}) + ${JSON.stringify(MARK)})`

/** The value a failed eval step threw with `throwValueStatement`; undefined for any other failure. */
export const thrownValueOf = (argv: ReadonlyArray<string> | undefined, message: string): unknown => {
  if (argv?.[0] !== "eval") return undefined
  const parts = message.split(MARK)
  if (parts.length !== 3 || parts[1] === undefined) return undefined
  try {
    return JSON.parse(parts[1])
  } catch {
    return undefined
  }
}
