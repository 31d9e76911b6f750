/** RedactorLive: the pure redaction rules as a service. */
import * as Layer from "effect/Layer"
import { redactArgs } from "../redaction/redactArgs.js"
import { scrubText, scrubValue } from "../redaction/scrub.js"
import { Redactor } from "../services/Redactor.js"

export const RedactorLive = Layer.succeed(Redactor, Redactor.of({ redactArgs, scrubText, scrubValue }))
