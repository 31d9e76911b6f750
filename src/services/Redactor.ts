/**
 * Redactor: the one place that decides what is secret. Echoed args lose credentials before they reach pi, and every
 * model-visible text and persisted detail is scrubbed of every secret seen so far in this process (a password typed
 * in one call must not come back in the next call's URL or page text). State: the remembered secrets, in memory
 * only, never persisted; gone when the layer's scope closes.
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"
import type { RedactedArgs, RefNameLookup } from "../schema/Redaction.js"

export interface RedactorShape {
  readonly redactArgs: (args: ReadonlyArray<string>, lookup?: RefNameLookup) => RedactedArgs
  readonly scrubText: (text: string, secrets: ReadonlyArray<string>) => string
  readonly scrubValue: <A>(value: A, secrets: ReadonlyArray<string>) => A
  /** Adds secrets to the process memory and returns everything remembered so far. */
  readonly remember: (secrets: ReadonlyArray<string>) => Effect.Effect<ReadonlyArray<string>>
}

export class Redactor extends Context.Tag("agent-browser/Redactor")<Redactor, RedactorShape>() {}
