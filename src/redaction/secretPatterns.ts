/** What counts as secret-bearing: names of URL parameters, headers, flags and form fields. */

export const REDACTED = "[REDACTED]"

/** URL query parameters that carry credentials. */
export const SECRET_PARAM = new RegExp(
  "^(" +
    "access_token|id_token|refresh_token|token|auth|authorization|api[-_]?key|apikey|key|" +
    "password|passwd|pass|pw|pwd|secret|client_secret|sig|signature|session|sessionid|session_id|sid|code|jwt|" +
    "x-amz-signature|x-amz-credential|x-amz-security-token" +
    ")$",
  "i"
)

/** Header or object keys whose values are credentials. */
export const SECRET_KEY = new RegExp(
  "^(" +
    "authorization|proxy-authorization|cookie|set-cookie|x-api-key|api[-_]?key|x-auth-token|x-csrf-token|" +
    "password|passwd|secret|token|access_token|refresh_token|client_secret" +
    ")$",
  "i"
)

/** Flags whose value is a credential. */
export const SECRET_FLAGS = new Set([
  "--password",
  "--token",
  "--api-key",
  "--secret",
  "--headers",
  "--client-secret",
  "--body"
])

/** A selector or accessible name that names a password-like field. */
export const SECRET_FIELD =
  /pass(word)?|passwd|pwd|secret|token|api[-_ ]?key|otp|one[- ]time|pin\b|cvv|cvc|card ?number|credit/i
