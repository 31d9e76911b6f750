/**
 * The secrets inside a mocked response body (`network route … --body`): the body is the model's own data (a page
 * renders it, and the model must see it rendered), so only its credential-like parts are secret: the strings under a
 * credential-named JSON field (`token`, `password`, …), a JWT, a bearer credential or a long random string anywhere,
 * and in a body that is not JSON, the values of `name=value` / `name: value` pairs named like credentials. A mocked
 * route's response headers (`--headers <json>`) follow the same rule: a value is secret when its header's name or
 * the value itself is credential-like (`Authorization: Bearer …`), and shown as written otherwise. Pure.
 */
import { CREDENTIAL_KEY, credentialReason, looksRandom } from "./credentialLike.js"
import { REDACTED, SECRET_KEY } from "./secretPatterns.js"

const isCredentialKey = (key: string): boolean => CREDENTIAL_KEY.test(key) || SECRET_KEY.test(key)

const jsonSecrets = (node: unknown, secretBranch: boolean, out: Array<string>): void => {
  if (typeof node === "string") {
    if (node !== "" && (secretBranch || credentialReason("", node) !== undefined)) out.push(node)
    return
  }
  if (Array.isArray(node)) {
    for (const item of node) jsonSecrets(item, secretBranch, out)
    return
  }
  if (node !== null && typeof node === "object") {
    for (const [k, v] of Object.entries(node)) jsonSecrets(v, secretBranch || isCredentialKey(k), out)
  }
}

const PAIR = /([A-Za-z0-9_.-]+)\s*[=:]\s*"?([^\s"&;,]+)/g

const textSecrets = (body: string): Array<string> => {
  const found = [...body.matchAll(PAIR)].filter((m) => isCredentialKey(m[1] ?? "")).map((m) => m[2] ?? "")
  const tokens = body
    .split(/[\s"',;&=:]+/)
    .filter((t) => looksRandom(t) || (t.startsWith("eyJ") && credentialReason("", t) === "jwt"))
  return [...found, ...tokens, ...(credentialReason("", body) !== undefined ? [body] : [])]
}

/** The body's secret values, longest first (so a replacement never cuts a longer one). */
export const bodySecrets = (body: string): ReadonlyArray<string> => {
  const out: Array<string> = []
  try {
    jsonSecrets(JSON.parse(body) as unknown, false, out)
  } catch {
    out.push(...textSecrets(body))
  }
  return [...new Set(out.filter((s) => s !== ""))].sort((a, b) => b.length - a.length)
}

/** The secret values of a mocked route's `--headers` JSON; not a JSON object: the whole text, as for any header. */
export const routeHeaderSecrets = (json: string): ReadonlyArray<string> => {
  try {
    const parsed = JSON.parse(json) as unknown
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) return [json]
    const values = Object.entries(parsed as Record<string, unknown>).flatMap(([name, value]) =>
      typeof value === "string" && value !== "" && credentialReason(name, value) !== undefined ? [value] : []
    )
    return [...new Set(values)].sort((a, b) => b.length - a.length)
  } catch {
    return [json]
  }
}

/** The body as it may be echoed: each secret value replaced (raw and JSON-escaped), the rest as written. */
export const redactBody = (body: string, secrets: ReadonlyArray<string>): string =>
  secrets.reduce((text, s) => text.replaceAll(s, REDACTED).replaceAll(JSON.stringify(s).slice(1, -1), REDACTED), body)
