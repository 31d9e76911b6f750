/**
 * `{{secret:NAME}}` in the model's typed text: where it may stand (the text a `fill`, `type`, `keyboard type` or
 * `find … fill` types, `upstream/typedText.ts`, nowhere else), which names a step uses, and the argv with values put
 * in at the last moment. Pure.
 */
import { SECRET_PLACEHOLDER } from "../schema/SecurityPolicy.js"
import { typedTextIndexes } from "../upstream/typedText.js"

export const mentionsSecret = (token: string): boolean => token.includes("{{secret:")

/** Every secret name a token mentions (one that does not mention `{{secret:` is not searched: most). */
export const secretNamesIn = (token: string): ReadonlyArray<string> =>
  mentionsSecret(token) ? [...token.matchAll(SECRET_PLACEHOLDER)].map((m) => m[1] as string) : []

/** A secret placeholder outside the typed text: the argv index of the first one, if any. */
export const misplacedSecret = (argv: ReadonlyArray<string>): number | undefined => {
  // where the typed text is needs the command line parsed: only when a token mentions a secret at all
  if (!argv.some(mentionsSecret)) return undefined
  const text = new Set(typedTextIndexes(argv) ?? [])
  const index = argv.findIndex((token, i) => mentionsSecret(token) && !text.has(i))
  return index < 0 ? undefined : index
}

/** The argv with every placeholder in its text replaced by the secret's value (`values` has every name used). */
export const withSecrets = (
  argv: ReadonlyArray<string>,
  values: ReadonlyMap<string, string>
): ReadonlyArray<string> => {
  const text = new Set(typedTextIndexes(argv) ?? [])
  return argv.map((token, i) =>
    !text.has(i) ? token : token.replace(SECRET_PLACEHOLDER, (_, name: string) => values.get(name) ?? "")
  )
}
