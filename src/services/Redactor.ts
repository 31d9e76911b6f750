/**
 * Redactor: the one place that decides what is secret, and the one point every model-visible text and persisted
 * detail passes through. It learns secrets as calls reveal them (a typed password, an auth stdin, header values) and
 * keeps them: a password typed in one call must not come back in the next call's URL or page text, whole or in
 * part (a keystroke echo of a typed secret, a text cut inside one). State: the learned secrets, in memory only,
 * never persisted; gone when the layer's scope closes.
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type { UpstreamOutcome } from "../domain/Outcome.js"
import type { RedactedArgs, RefNameLookup } from "../domain/Redaction.js"

export interface RedactorShape {
  /** The rule alone: argv with credentials replaced, and the secrets found (not learned). */
  readonly redactArgs: (args: ReadonlyArray<string>, lookup?: RefNameLookup) => RedactedArgs
  /** Remembers secrets for the rest of the process; `typed` ones (typed key by key) are also caught as prefixes. */
  readonly learn: (secrets: ReadonlyArray<string>, options?: { readonly typed?: boolean }) => Effect.Effect<void>
  /** Remembers every secret a run of steps carries (batch stdin, job rows), typed ones as typed. */
  readonly learnSteps: (steps: ReadonlyArray<ReadonlyArray<string>>, lookup?: RefNameLookup) => Effect.Effect<void>
  /** Argv as it may be echoed: credentials replaced, and the secrets they held learned. */
  readonly echoArgs: (args: ReadonlyArray<string>, lookup?: RefNameLookup) => Effect.Effect<ReadonlyArray<string>>
  /** Text with every learned secret (whole or in part), URL credential and bearer/JWT credential replaced. */
  readonly scrubText: (text: string) => Effect.Effect<string>
  /**
   * The same for the tool's own sentences (page text scrubbed apart with scrubText): a secret that is a plain word is
   * replaced only where it stands as a word, so the tool's words are never garbled ("values" stays "values").
   */
  readonly scrubToolText: (text: string) => Effect.Effect<string>
  /** The same for structured data, plus the values of secret-named keys. */
  readonly scrubValue: <A>(value: A) => Effect.Effect<A>
  /** An outcome with its page data scrubbed, before anything is cut from it. */
  readonly scrubOutcome: (outcome: UpstreamOutcome) => Effect.Effect<UpstreamOutcome>
}

export class Redactor extends Context.Tag("pi-agent-browser-effect/Redactor")<Redactor, RedactorShape>() {}
