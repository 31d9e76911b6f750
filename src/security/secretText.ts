/**
 * `{{secret:NAME}}` in the model's typed text: where it may stand (the text a `fill`, `type`, `keyboard type` or
 * `find … fill` types, nowhere else), which names a step uses, and the argv with values put in at the last moment.
 * Pure.
 */
import { SECRET_PLACEHOLDER } from "../schema/Security.js"
import { parseCommandLine } from "../upstream/commandLine.js"

/** Every secret name a token mentions. */
export const secretNamesIn = (token: string): ReadonlyArray<string> => [...token.matchAll(SECRET_PLACEHOLDER)].map((m) => m[1] as string)

export const mentionsSecret = (token: string): boolean => token.includes("{{secret:")

const flagTokenIndexes = (argv: ReadonlyArray<string>): ReadonlySet<number> =>
  new Set(parseCommandLine(argv).flags.flatMap((f) => (f.value !== undefined && !(argv[f.index] ?? "").includes("=") ? [f.index, f.index + 1] : [f.index])))

/**
 * The argv indexes of the text a typing step types (upstream joins them with spaces), or undefined when the step
 * types no text: `fill <sel> <text>`, `type <sel> <text>`, `keyboard type|inserttext <text>`, `find <locator>
 * <value> fill|type <text>` (up to its own `--name`/`--exact` flags).
 */
export const typedTextIndexes = (argv: ReadonlyArray<string>): ReadonlyArray<number> | undefined => {
  const flags = flagTokenIndexes(argv)
  const positional = argv.flatMap((_, i) => (flags.has(i) ? [] : [i]))
  const tokens = positional.map((i) => argv[i] as string)
  const [command, second, , fourth] = tokens
  if (command === "fill" || command === "type") return positional.slice(2)
  if (command === "keyboard" && (second === "type" || second === "inserttext")) return positional.slice(2)
  if (command === "find" && (fourth === "fill" || fourth === "type")) {
    const rest = positional.slice(4)
    const end = rest.findIndex((i) => (argv[i] ?? "").startsWith("--"))
    return end < 0 ? rest : rest.slice(0, end)
  }
  return undefined
}

/** The text a typing step types. */
export const typedText = (argv: ReadonlyArray<string>): string | undefined => typedTextIndexes(argv)?.map((i) => argv[i]).join(" ")

/** A secret placeholder outside the typed text: the argv index of the first one, if any. */
export const misplacedSecret = (argv: ReadonlyArray<string>): number | undefined => {
  const text = new Set(typedTextIndexes(argv) ?? [])
  const index = argv.findIndex((token, i) => mentionsSecret(token) && !text.has(i))
  return index < 0 ? undefined : index
}

/** The argv with every placeholder in its text replaced by the secret's value (`values` has every name used). */
export const withSecrets = (argv: ReadonlyArray<string>, values: ReadonlyMap<string, string>): ReadonlyArray<string> => {
  const text = new Set(typedTextIndexes(argv) ?? [])
  return argv.map((token, i) => (!text.has(i) ? token : token.replace(SECRET_PLACEHOLDER, (_, name: string) => values.get(name) ?? "")))
}
