/**
 * Scrubs values headed for the model or the session file: known secret strings anywhere, credentials in URLs, and
 * the values of secret-named keys (headers, cookies, tokens) in structured data.
 */
import { REDACTED, SECRET_KEY } from "./secretPatterns.js"
import { redactQueryParams, redactUrlsInText } from "./redactUrl.js"
import { redactCredentialText } from "./redactStructured.js"

/** Secrets shorter than this are not searched for in free text: they would shred unrelated words. */
export const MIN_SCRUB_LENGTH = 3

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

export const scrubText = (text: string, secrets: ReadonlyArray<string>): string => {
  let out = redactQueryParams(redactCredentialText(redactUrlsInText(text).text))
  const usable = [...new Set(secrets)].filter((s) => s.length >= MIN_SCRUB_LENGTH).sort((a, b) => b.length - a.length)
  for (const secret of usable) out = out.replace(new RegExp(escapeRegExp(secret), "g"), REDACTED)
  return out
}

export const scrubValue = <A>(value: A, secrets: ReadonlyArray<string>): A => {
  const walk = (node: unknown, key: string | undefined): unknown => {
    if (typeof node === "string") return key !== undefined && SECRET_KEY.test(key) && node !== "" ? REDACTED : scrubText(node, secrets)
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
