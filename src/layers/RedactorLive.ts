/** RedactorLive: the pure redaction rules plus an in-memory record of the secrets learned in this process. */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Ref from "effect/Ref"
import { stepSecrets } from "../redaction/batchSecrets.js"
import { isTyping, keyboardText } from "../upstream/typedText.js"
import { redactArgs } from "../redaction/redactArgs.js"
import { makeScrubber, MIN_SCRUB_LENGTH, scrubOutcome, scrubValueWith } from "../redaction/scrub.js"
import { Redactor } from "../services/Redactor.js"

/** Learned secrets; `typed` is true once the secret was seen typed key by key. */
type Memory = ReadonlyMap<string, boolean>

/** The text scrubbers built for one state of the memory. */
interface Rules {
  readonly known: Memory
  readonly text: (text: string) => string
  readonly toolText: (text: string) => string
}

export const RedactorLive: Layer.Layer<Redactor> = Layer.effect(
  Redactor,
  Effect.map(Ref.make<Memory>(new Map()), (memory) => {
    const learn = (secrets: ReadonlyArray<string>, options?: { readonly typed?: boolean }) =>
      Ref.update(memory, (known) => {
        const typed = options?.typed === true
        const usable = secrets.filter(
          (s) => s.length >= MIN_SCRUB_LENGTH && (!known.has(s) || (typed && known.get(s) !== true))
        )
        if (usable.length === 0) return known
        const next = new Map(known)
        for (const s of usable) next.set(s, typed || known.get(s) === true)
        return next
      })
    /**
     * The scrubbing rules bound to what is known now: built once for each state of the memory (a learned secret makes
     * a new one), not per scrub or per string.
     */
    let built: Rules | undefined
    const rulesOf = (known: Memory): Rules => {
      if (built?.known === known) return built
      const all = [...known.keys()]
      const typed = all.filter((s) => known.get(s) === true)
      built = { known, text: makeScrubber(all, typed), toolText: makeScrubber(all, typed, { toolWords: true }) }
      return built
    }
    const current = Effect.map(Ref.get(memory), rulesOf)
    return Redactor.of({
      redactArgs,
      learn,
      learnSteps: (steps, lookup) =>
        Effect.gen(function* () {
          const found = stepSecrets(steps, lookup)
          yield* learn(found.secrets)
          yield* learn(found.typed, { typed: true })
        }),
      echoArgs: (args, lookup) =>
        Effect.gen(function* () {
          const redacted = redactArgs(args, lookup)
          if (redacted.secrets.length > 0) yield* learn(redacted.secrets, { typed: isTyping(args) })
          // `keyboard type <a known secret>`: the page sees it key by key (asked only once a secret is known)
          const known = yield* Ref.get(memory)
          const text = known.size > 0 ? keyboardText(args) : undefined
          if (text !== undefined && known.has(text)) yield* learn([text], { typed: true })
          return redacted.args
        }),
      scrubText: (text) => Effect.map(current, (s) => s.text(text)),
      scrubToolText: (text) => Effect.map(current, (s) => s.toolText(text)),
      scrubValue: (value) => Effect.map(current, (s) => scrubValueWith(value, s.text)),
      scrubOutcome: (outcome) =>
        Effect.map(current, (s) => scrubOutcome(outcome, (v) => scrubValueWith(v, s.text), s.text))
    })
  })
)
