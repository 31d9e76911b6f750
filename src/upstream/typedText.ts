/**
 * Where a typing command carries its text in upstream's argv: `fill <sel> <text>`, `type <sel> <text>`,
 * `keyboard type|inserttext <text>`, `find <locator> <value> fill|type <text>` (up to its own `--name`/`--exact`
 * flags); upstream joins the text tokens with spaces. One place for redaction (what to hide) and the security policy
 * (where a secret placeholder may stand). Pure.
 */
import { parseCommandLine } from "./commandLine.js"
import { entersText } from "./commandEffects.js"

const flagTokenIndexes = (argv: ReadonlyArray<string>): ReadonlySet<number> =>
  new Set(
    parseCommandLine(argv).flags.flatMap((f) =>
      f.value !== undefined && !(argv[f.index] ?? "").includes("=") ? [f.index, f.index + 1] : [f.index]
    )
  )

/** The argv indexes of the text a typing step types, or undefined when the step types no text. */
export const typedTextIndexes = (argv: ReadonlyArray<string>): ReadonlyArray<number> | undefined => {
  const flags = flagTokenIndexes(argv)
  const positional = argv.flatMap((_, i) => (flags.has(i) ? [] : [i]))
  const tokens = positional.map((i) => argv[i] as string)
  const [command, second, , fourth] = tokens
  if (entersText(command)) return positional.slice(2)
  if (command === "keyboard" && (second === "type" || second === "inserttext")) return positional.slice(2)
  if (command === "find" && entersText(fourth)) {
    const rest = positional.slice(4)
    const end = rest.findIndex((i) => (argv[i] ?? "").startsWith("--"))
    return end < 0 ? rest : rest.slice(0, end)
  }
  return undefined
}

/** The text a typing step types. */
export const typedText = (argv: ReadonlyArray<string>): string | undefined =>
  typedTextIndexes(argv)
    ?.map((i) => argv[i])
    .join(" ")

const isKeyboardTyping = (argv: ReadonlyArray<string>): boolean => {
  const [command, sub] = parseCommandLine(argv).positionals
  return command === "keyboard" && (sub === "type" || sub === "inserttext")
}

/** `type <sel> <text>` or `keyboard type|inserttext <text>`: the text reaches the page key by key. */
export const isTyping = (argv: ReadonlyArray<string>): boolean =>
  parseCommandLine(argv).positionals[0] === "type" || isKeyboardTyping(argv)

/** The text of a `keyboard type|inserttext` step (it names no target, so only the focus says whether it is secret). */
export const keyboardText = (argv: ReadonlyArray<string>): string | undefined =>
  isKeyboardTyping(argv) ? typedText(argv) : undefined
