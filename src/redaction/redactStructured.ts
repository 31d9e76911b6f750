/**
 * Credential-shaped values in results: bearer/basic credentials and JWTs anywhere in text; and, in the outputs that
 * hold session state (`cookies`, `storage`), every cookie value and every storage value whose key or value looks
 * like a credential (token, auth, session, secret, JWT, long random strings). Short benign storage values (flags,
 * numbers, "dark") stay visible for local QA. Pure.
 */
import { REDACTED } from "./secretPatterns.js"

const BEARER = /\b(Bearer|Basic|Token)\s+[A-Za-z0-9._~+/=-]{8,}/g
const JWT = /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\b/g
const CREDENTIAL_KEY = /token|auth|session|secret|passw|jwt|bearer|credential|api[-_]?key|sid|csrf|xsrf|refresh/i

/** Long strings mixing letters and digits with no spaces: API keys, session ids, signatures. */
export const looksRandom = (value: string): boolean =>
  value.length >= 24 && !/\s/.test(value) && /[A-Za-z]/.test(value) && /\d/.test(value) && new Set(value).size >= 12

export const redactCredentialText = (text: string): string =>
  text.replace(BEARER, (_m, scheme: string) => `${scheme} ${REDACTED}`).replace(JWT, REDACTED)

const redactStorageValue = (key: string, value: unknown): unknown => {
  if (typeof value !== "string") return value
  return CREDENTIAL_KEY.test(key) || CREDENTIAL_KEY.test(value.slice(0, 20)) || looksRandom(value) || JWT.test(value) ? REDACTED : value
}

/** Applies the session-state rules to one command's upstream data. */
export const redactStateData = (command: string | undefined, data: unknown): unknown => {
  if (data === null || typeof data !== "object") return data
  const d = data as Record<string, unknown>
  if (command === "cookies" && Array.isArray(d["cookies"])) {
    return { ...d, cookies: (d["cookies"] as Array<Record<string, unknown>>).map((c) => ("value" in c ? { ...c, value: REDACTED } : c)) }
  }
  if (command === "storage") {
    if (d["data"] !== null && typeof d["data"] === "object") {
      return { ...d, data: Object.fromEntries(Object.entries(d["data"] as Record<string, unknown>).map(([k, v]) => [k, redactStorageValue(k, v)])) }
    }
    if (typeof d["key"] === "string" && "value" in d) return { ...d, value: redactStorageValue(d["key"], d["value"]) }
  }
  return data
}
