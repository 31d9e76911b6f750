/**
 * Whether a named value the model or the page stored (a storage entry, a cookie, a mocked body's field) is a
 * credential, and why. One rule for what the model writes and what it reads back: `theme = dark` is the model's data
 * and comes back as written; `authToken = …`, a JWT or a long random string is a secret. Pure.
 */

/** Key names that hold credentials (storage keys, cookie names, JSON fields). */
export const CREDENTIAL_KEY = /token|auth|session|secret|passw|jwt|bearer|credential|api[-_]?key|sid|csrf|xsrf|refresh/i

const IS_JWT = /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\b/
const SCHEME_CREDENTIAL = /^(Bearer|Basic|Token)\s+\S{8,}/

/** Long strings mixing letters and digits with no spaces: API keys, session ids, signatures. */
export const looksRandom = (value: string): boolean =>
  value.length >= 24 && !/\s/.test(value) && /[A-Za-z]/.test(value) && /\d/.test(value) && new Set(value).size >= 12

export type CredentialReason = "credential-like-key" | "jwt" | "credential-like-value" | "token-like-value"

/**
 * Why a value is a credential, or undefined when it is ordinary data. A value is credential-like by its start only
 * when it is one token (`sid=…`, `auth_…`): prose that mentions a session ("inside the session") is data.
 */
export const credentialReason = (key: string, value: unknown): CredentialReason | undefined => {
  if (typeof value !== "string") return undefined
  if (CREDENTIAL_KEY.test(key)) return "credential-like-key"
  if (IS_JWT.test(value)) return "jwt"
  if (SCHEME_CREDENTIAL.test(value)) return "credential-like-value"
  if (!/\s/.test(value) && CREDENTIAL_KEY.test(value.slice(0, 20))) return "credential-like-value"
  return looksRandom(value) ? "token-like-value" : undefined
}
