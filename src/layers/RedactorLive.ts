/** RedactorLive: the pure redaction rules plus an in-memory set of secrets seen in this process. */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Ref from "effect/Ref"
import { redactArgs } from "../redaction/redactArgs.js"
import { MIN_SCRUB_LENGTH, scrubText, scrubValue } from "../redaction/scrub.js"
import { Redactor } from "../services/Redactor.js"

export const RedactorLive = Layer.effect(
  Redactor,
  Effect.map(Ref.make<ReadonlySet<string>>(new Set()), (memory) =>
    Redactor.of({
      redactArgs,
      scrubText,
      scrubValue,
      remember: (secrets) =>
        Ref.updateAndGet(memory, (known) => {
          const usable = secrets.filter((s) => s.length >= MIN_SCRUB_LENGTH && !known.has(s))
          return usable.length === 0 ? known : new Set([...known, ...usable])
        }).pipe(Effect.map((known) => [...known]))
    }))
)
