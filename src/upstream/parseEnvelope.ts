/**
 * Parses one stdout document of agent-browser into its normalized envelope (schemas in schema/UpstreamEnvelope),
 * with a JSON.parse that keeps integers above 2^53 exact: agent-browser prints `launchHash` as a bare u64 (e.g.
 * 13207839290292603806), which plain JSON.parse would silently round. Unsafe integers become decimal strings.
 */
import * as Either from "effect/Either"
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import { BatchRow, SingleEnvelope, type UpstreamEnvelope } from "../schema/UpstreamEnvelope.js"

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
