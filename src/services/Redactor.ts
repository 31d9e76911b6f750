/**
 * Redactor: the one place that decides what is secret. Echoed args lose credentials before they reach pi, and every
 * model-visible text and persisted detail is scrubbed of the secrets found in the call. Stateless.
 */
import * as Context from "effect/Context"
import type { RedactedArgs, RefNameLookup } from "../redaction/redactArgs.js"

export interface RedactorShape {
  readonly redactArgs: (args: ReadonlyArray<string>, lookup?: RefNameLookup) => RedactedArgs
  readonly scrubText: (text: string, secrets: ReadonlyArray<string>) => string
  readonly scrubValue: <A>(value: A, secrets: ReadonlyArray<string>) => A
}

export class Redactor extends Context.Tag("agent-browser/Redactor")<Redactor, RedactorShape>() {}
