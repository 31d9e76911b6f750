/**
 * Redacts an agent-browser argv before it is echoed into model-visible text or persisted details, and collects the
 * secret values it removed so outputs can be scrubbed of them too.
 */
import { parseCommandLine } from "../upstream/commandLine.js"
import { REDACTED, SECRET_FIELD, SECRET_FLAGS } from "./secretPatterns.js"
import { redactUrlsInText } from "./scrub.js"
import type { RedactedArgs, RefNameLookup } from "../domain/Redaction.js"
import { entersText } from "../upstream/commandEffects.js"
import { findArgsOf } from "../upstream/findArgs.js"
import { bodySecrets, redactBody, routeHeaderSecrets } from "./bodySecrets.js"
import { credentialReason } from "./credentialLike.js"

const headerValues = (json: string): ReadonlyArray<string> => {
  try {
    const parsed = JSON.parse(json) as unknown
    if (parsed !== null && typeof parsed === "object") {
      return Object.values(parsed as Record<string, unknown>).filter((v): v is string => typeof v === "string")
    }
  } catch {
    // not JSON: the whole value is the secret
  }
  return [json]
}

export const isSecretTarget = (selector: string | undefined, lookup: RefNameLookup): boolean => {
  if (selector === undefined) return false
  if (SECRET_FIELD.test(selector)) return true
  const name = lookup(selector.replace(/^@|^ref=/, ""))
  return name !== undefined && SECRET_FIELD.test(name)
}

/** Indexes (into argv) of positionals that carry secret values, given the command shape. */
const secretPositionals = (argv: ReadonlyArray<string>, lookup: RefNameLookup): ReadonlySet<number> => {
  const line = parseCommandLine(argv)
  const positionalIndexes: Array<number> = []
  const flagIndexes = new Set(
    line.flags.flatMap((f) => {
      const token = argv[f.index] ?? ""
      return f.value !== undefined && !token.includes("=") ? [f.index, f.index + 1] : [f.index]
    })
  )
  argv.forEach((_, i) => {
    if (!flagIndexes.has(i)) positionalIndexes.push(i)
  })
  const at = (n: number) => positionalIndexes[n]
  const [command, sub, third] = line.positionals
  const picked: Array<number | undefined> = []
  if (entersText(command) && isSecretTarget(sub, lookup)) {
    picked.push(...positionalIndexes.slice(2))
  }
  const find = command === "find" ? findArgsOf(line.positionals) : undefined
  if (find?.actionAt !== undefined && entersText(find.action)) {
    // the field a find fills is named by its value (a label, a placeholder), its --name, or nth's selector
    const named = [find.value, find.name, find.selector].some((n) => n !== undefined && SECRET_FIELD.test(n))
    if (named) picked.push(at(find.actionAt + 1))
  }
  // a cookie or storage value the model sets is its own data unless it is credential-like (credentialLike.ts)
  const value = (n: number) => argv[at(n) ?? -1]
  if (command === "cookies" && sub === "set" && credentialReason(third ?? "", value(3)) !== undefined) {
    picked.push(at(3))
  }
  if (command === "storage" && third === "set") {
    const rest = positionalIndexes.slice(4)
    const stored = rest.map((i) => argv[i]).join(" ")
    if (credentialReason(line.positionals[3] ?? "", stored) !== undefined) picked.push(...rest)
  }
  // the text the model puts on the clipboard is its own data unless credential-like (a token, a JWT, a random key)
  if (command === "clipboard" && sub === "write") {
    const rest = positionalIndexes.slice(2)
    if (credentialReason("", rest.map((i) => argv[i]).join(" ")) !== undefined) picked.push(...rest)
  }
  if (command === "set" && sub === "credentials") picked.push(at(3))
  return new Set(picked.filter((i): i is number => i !== undefined))
}

/** A mocked route's `--headers` (its response headers: the model's own data but for credential-like values). */
const isRouteLine = (argv: ReadonlyArray<string>): boolean => {
  const [command, sub] = parseCommandLine(argv).positionals
  return command === "network" && sub === "route"
}

export const redactArgs = (argv: ReadonlyArray<string>, lookup: RefNameLookup = () => undefined): RedactedArgs => {
  const secrets: Array<string> = []
  const positional = secretPositionals(argv, lookup)
  const route = isRouteLine(argv)
  const out: Array<string> = []
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i] ?? ""
    const eq = token.indexOf("=")
    const flag = token.startsWith("--") && eq > 0 ? token.slice(0, eq) : token
    if (route && flag === "--headers" && (flag !== token || i + 1 < argv.length)) {
      const value = flag !== token ? token.slice(eq + 1) : (argv[++i] ?? "")
      const found = routeHeaderSecrets(value)
      secrets.push(...found)
      out.push(
        ...(flag !== token ? [`--headers=${redactBody(value, found)}`] : ["--headers", redactBody(value, found)])
      )
      continue
    }
    if (flag === "--body" || (token === "--body" && i + 1 < argv.length)) {
      // a mocked body is the model's data: only its credential-like parts are secret
      const value = flag !== token ? token.slice(eq + 1) : (argv[++i] ?? "")
      const found = bodySecrets(value)
      secrets.push(...found)
      out.push(...(flag !== token ? [`--body=${redactBody(value, found)}`] : ["--body", redactBody(value, found)]))
      continue
    }
    if (SECRET_FLAGS.has(flag) && flag !== token) {
      const value = token.slice(eq + 1)
      secrets.push(...(flag === "--headers" ? headerValues(value) : [value]))
      out.push(`${flag}=${REDACTED}`)
      continue
    }
    if (SECRET_FLAGS.has(token) && i + 1 < argv.length) {
      const value = argv[i + 1] ?? ""
      secrets.push(...(token === "--headers" ? headerValues(value) : [value]))
      out.push(token, REDACTED)
      i++
      continue
    }
    if (positional.has(i)) {
      secrets.push(token)
      out.push(REDACTED)
      continue
    }
    const urls = redactUrlsInText(token)
    secrets.push(...urls.secrets)
    out.push(urls.text)
  }
  return { args: out, secrets: secrets.filter((s) => s.length > 0) }
}
