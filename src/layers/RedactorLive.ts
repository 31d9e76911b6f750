/** RedactorLive: the pure redaction rules plus an in-memory set of secrets learned in this process. */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Ref from "effect/Ref"
import { redactArgs } from "../redaction/redactArgs.js"
import { MIN_SCRUB_LENGTH, scrubText, scrubValue } from "../redaction/scrub.js"
import { Redactor } from "../services/Redactor.js"

export const RedactorLive = Layer.effect(
  Redactor,
  Effect.map(Ref.make<ReadonlySet<string>>(new Set()), (memory) => {
    const learn = (secrets: ReadonlyArray<string>) =>
      Ref.update(memory, (known) => {
        const usable = secrets.filter((s) => s.length >= MIN_SCRUB_LENGTH && !known.has(s))
        return usable.length === 0 ? known : new Set([...known, ...usable])
      })
    const known = Effect.map(Ref.get(memory), (set) => [...set])
    return Redactor.of({
      redactArgs,
      learn,
      echoArgs: (args, lookup) => {
        const redacted = redactArgs(args, lookup)
        return Effect.as(learn(redacted.secrets), redacted.args)
      },
      scrubText: (text) => Effect.map(known, (secrets) => scrubText(text, secrets)),
      scrubValue: (value) => Effect.map(known, (secrets) => scrubValue(value, secrets))
    })
  })
)
