/** Parses one stdout document of agent-browser into its normalized envelope (schemas in schema/UpstreamEnvelope). */
import * as Either from "effect/Either"
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import { BatchRow, SingleEnvelope, type UpstreamEnvelope } from "../schema/UpstreamEnvelope.js"
import { parseJsonLossless } from "./parseJsonLossless.js"

const decodeSingle = Schema.decodeUnknownEither(SingleEnvelope)
const decodeBatch = Schema.decodeUnknownEither(Schema.Array(BatchRow))

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
    return Either.match(decodeBatch(json), {
      onLeft: (e) => Either.left(`unexpected batch shape: ${ParseResult.TreeFormatter.formatErrorSync(e)}`),
      onRight: (rows) => Either.right({ kind: "batch" as const, rows })
    })
  }
  return Either.match(decodeSingle(json), {
    onLeft: (e) => Either.left(`unexpected envelope shape: ${ParseResult.TreeFormatter.formatErrorSync(e)}`),
    onRight: (envelope) => Either.right({ kind: "single" as const, envelope })
  })
}
