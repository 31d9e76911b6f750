/**
 * Scrubs values headed for the model or the session file: known secret strings anywhere (as typed, URL-encoded or
 * JSON-escaped, and in part: see fragments.ts), credentials in URLs, and the values of secret-named keys (headers,
 * cookies, tokens) in structured data.
 */
import { type FragmentSecret, scrubFragments } from "./fragments.js"
import { REDACTED, SECRET_KEY } from "./secretPatterns.js"
import { redactQueryParams, redactUrlsInText } from "./redactUrl.js"
import { redactCredentialText } from "./redactStructured.js"

/** Secrets shorter than this are not searched for in free text: they would shred unrelated words. */
export const MIN_SCRUB_LENGTH = 3

/** The forms a secret takes in output: as is, URL-encoded (a page that puts it in its URL), JSON-escaped. */
const variantsOf = (secret: string): ReadonlyArray<string> => {
  const forms = new Set([secret])
  try {
    forms.add(encodeURIComponent(secret))
    forms.add(encodeURIComponent(secret).replaceAll("%20", "+"))
  } catch {
    // a lone surrogate cannot be encoded; the raw form is enough
  }
  forms.add(JSON.stringify(secret).slice(1, -1))
  return [...forms]
}

/**
 * Known secrets (`typed`: the ones typed into a field, whose prefixes pages echo) replaced wherever they appear,
 * whole or in part; then URL and bearer/JWT credentials.
 */
export const makeScrubber = (
  secrets: ReadonlyArray<string>,
  typed: ReadonlyArray<string> = [],
  options: ScrubOptions = {}
): ((text: string) => string) => {
  const typedSet = new Set(typed)
  const known = [...new Set([...secrets, ...typed])].filter((s) => s.length >= MIN_SCRUB_LENGTH)
  const forms = known.flatMap((s) =>
    variantsOf(s).map((value) => ({ value, typed: typedSet.has(s) }) satisfies FragmentSecret)
  )
  const whole = [...new Set(forms.map((f) => f.value))].sort((a, b) => b.length - a.length)
  return (text) => {
    let out = redactQueryParams(redactCredentialText(redactUrlsInText(text).text))
    if (whole.length === 0) return out
    for (const secret of whole) {
      if (!out.includes(secret)) continue
      const asWord = options.toolWords === true && PLAIN_WORD.test(secret)
      out = asWord ? replaceWholeWord(out, secret) : out.replaceAll(secret, REDACTED)
    }
    return scrubFragments(out, forms)
  }
}

export interface ScrubOptions {
  /**
   * The text is the tool's own sentence (page text is scrubbed apart): a secret that is a plain word ("value") is
   * replaced only where it stands as a word, so the tool's "values" is not garbled into "[REDACTED]s".
   */
  readonly toolWords?: boolean
}

const PLAIN_WORD = /^\p{L}+$/u
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u

const replaceWholeWord = (text: string, word: string): string => {
  let out = ""
  let at = 0
  for (let i = text.indexOf(word); i >= 0; i = text.indexOf(word, i + word.length)) {
    const inWord = LETTER_OR_DIGIT.test(text[i - 1] ?? "") || LETTER_OR_DIGIT.test(text[i + word.length] ?? "")
    if (inWord) continue
    out += text.slice(at, i) + REDACTED
    at = i + word.length
  }
  return out + text.slice(at)
}

export const scrubText = (text: string, secrets: ReadonlyArray<string>, typed: ReadonlyArray<string> = []): string =>
  makeScrubber(secrets, typed)(text)

export const scrubValue = <A>(value: A, secrets: ReadonlyArray<string>, typed: ReadonlyArray<string> = []): A => {
  const scrub = makeScrubber(secrets, typed)
  const walk = (node: unknown, key: string | undefined): unknown => {
    if (typeof node === "string")
      return key !== undefined && SECRET_KEY.test(key) && node !== "" ? REDACTED : scrub(node)
    if (Array.isArray(node)) return node.map((item) => walk(item, undefined))
    if (node !== null && typeof node === "object") {
      // `{ name: "Authorization", value: "..." }` header/cookie rows keep their name but lose their value
      const record = node as Record<string, unknown>
      const namedSecret = typeof record["name"] === "string" && SECRET_KEY.test(record["name"])
      const out: Record<string, unknown> = {}
      for (const [k, v] of Object.entries(record)) {
        out[k] = namedSecret && k === "value" && typeof v === "string" ? REDACTED : walk(v, k)
      }
      return out
    }
    return node
  }
  return walk(value, undefined) as A
}
