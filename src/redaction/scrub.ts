/**
 * Scrubs values headed for the model or the session file: known secret strings anywhere (as typed, URL-encoded or
 * JSON-escaped, and in part: see fragments.ts), credentials in URLs, bearer/basic credentials and JWTs in text, and
 * the values of secret-named keys (headers, cookies, tokens) in structured data; and an upstream outcome's page data,
 * before anything is cut from it.
 */
import type { UpstreamOutcome } from "../domain/Outcome.js"
import { type FragmentSecret, scrubFragments } from "./fragments.js"
import { REDACTED, SECRET_KEY, SECRET_PARAM } from "./secretPatterns.js"

/** Credentials inside URLs: userinfo passwords and secret-bearing query parameters. */
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>)\]]+/gi

/** Returns the redacted URL and the secret values it removed. */
export const redactUrl = (raw: string): { readonly text: string; readonly secrets: ReadonlyArray<string> } => {
  // a URL with no `@` has no userinfo and one with no `?` no query: nothing to redact, and no parse (most page URLs)
  if (!raw.includes("@") && !raw.includes("?")) return { text: raw, secrets: [] }
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return { text: raw, secrets: [] }
  }
  const secrets: Array<string> = []
  let changed = false
  if (url.password !== "") {
    secrets.push(decodeURIComponent(url.password))
    url.password = "REDACTED"
    changed = true
  }
  for (const [name, value] of [...url.searchParams.entries()]) {
    if (SECRET_PARAM.test(name) && value !== "") {
      secrets.push(value)
      url.searchParams.set(name, "REDACTED")
      changed = true
    }
  }
  if (!changed) return { text: raw, secrets }
  return { text: url.toString().replaceAll("REDACTED", REDACTED), secrets }
}

/** Redacts every URL found inside free text. */
export const redactUrlsInText = (text: string): { readonly text: string; readonly secrets: ReadonlyArray<string> } => {
  const secrets: Array<string> = []
  const out = text.replace(URL_IN_TEXT, (found) => {
    // sentence punctuation after a URL is not part of it
    const match = found.replace(/[.,;:!?'"]+$/, "")
    const r = redactUrl(match)
    secrets.push(...r.secrets)
    return r.text + found.slice(match.length)
  })
  return { text: out, secrets }
}

/**
 * Credential query parameters in relative URLs and query strings (`/cb?token=…`), which have no scheme to anchor on.
 */
const QUERY_PARAM = /([?&;])([A-Za-z0-9_.-]+)=([^&\s"'#<>]+)/g

export const redactQueryParams = (text: string): string =>
  text.replace(QUERY_PARAM, (match, sep: string, name: string, value: string) =>
    SECRET_PARAM.test(name) && value !== REDACTED && value !== "REDACTED" ? `${sep}${name}=${REDACTED}` : match
  )

const BEARER = /\b(Bearer|Basic|Token)\s+([A-Za-z0-9._~+/=-]{8,})/g

/**
 * A word after "Basic", "Bearer" or "Token" in prose ("Basic sigaction", "Token validation") is not a credential: a
 * Basic credential is base64 of `user:password` (so it decodes to text with a colon), and a bearer token carries a
 * digit, a symbol or a capital after its first character.
 */
const isCredential = (scheme: string, token: string): boolean => {
  if (scheme === "Basic") {
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(token)) return /[\d._~+/=-]/.test(token)
    return Buffer.from(token, "base64").toString("latin1").includes(":")
  }
  return /[\d._~+/=-]/.test(token) || /[A-Z]/.test(token.slice(1))
}
const JWT = /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\b/g

/** Bearer/basic credentials and JWTs anywhere in text. */
export const redactCredentialText = (text: string): string =>
  text
    .replace(BEARER, (match, scheme: string, token: string) =>
      isCredential(scheme, token) ? `${scheme} ${REDACTED}` : match
    )
    .replace(JWT, REDACTED)

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

export const scrubValue = <A>(value: A, secrets: ReadonlyArray<string>, typed: ReadonlyArray<string> = []): A =>
  scrubValueWith(value, makeScrubber(secrets, typed))

/** `scrubValue` with the text scrubber already built (`makeScrubber(secrets, typed)`). */
export const scrubValueWith = <A>(value: A, scrub: (text: string) => string): A => {
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

/**
 * An upstream outcome with its page data scrubbed, so that every text later cut from it (summaries, heads, one-line
 * previews) is cut from scrubbed text: scrub first, then truncate. Failed steps keep their typed error untouched
 * (their messages are scrubbed with the rest of the details).
 */
export const scrubOutcome = (
  outcome: UpstreamOutcome,
  scrubValue: <A>(value: A) => A,
  scrubText: (text: string) => string
): UpstreamOutcome => {
  switch (outcome.kind) {
    case "single":
      return { ...outcome, data: scrubValue(outcome.data) }
    case "inspection":
      return { ...outcome, stdout: scrubText(outcome.stdout) }
    case "batch":
      return {
        ...outcome,
        rows: outcome.rows.map((row) => (row.success ? { ...row, result: scrubValue(row.result) } : row))
      }
  }
}
