/**
 * Credential-shaped values in the outputs that hold session state (`cookies`, `storage`, a saved file's `state show`):
 * every cookie and storage value whose name or value looks like a credential (token, auth, session, secret, JWT, long
 * random strings; credentialLike.ts), saying why (`valueRedactionReason`). Benign values (flags, numbers, "dark") stay
 * visible: they are the model's data. Entered for those three commands alone (presenters/text/body.ts). Pure.
 */
import { credentialReason } from "./credentialLike.js"
import { REDACTED } from "./secretPatterns.js"

/** Each credential-like cookie's value hidden, saying why; the model's own (`theme=dark`) stays as written. */
const withoutCookieValues = (cookies: unknown): unknown =>
  (cookies as Array<Record<string, unknown>>).map((c) => {
    if (c === null || typeof c !== "object" || !("value" in c)) return c
    const why = credentialReason(typeof c["name"] === "string" ? c["name"] : "", c["value"])
    return why === undefined ? c : { ...c, value: REDACTED, valueRedacted: true, valueRedactionReason: why }
  })

/** A saved origin's `[{name, value}]` storage lists, each redacted entry saying why. */
const originStorage = (origin: Record<string, unknown>): Record<string, unknown> => {
  const list = (entries: unknown) =>
    Array.isArray(entries)
      ? entries.map((e: Record<string, unknown>) => {
          const why = typeof e?.["name"] === "string" ? credentialReason(e["name"], e["value"]) : undefined
          return why === undefined ? e : { ...e, value: REDACTED, valueRedacted: true, valueRedactionReason: why }
        })
      : entries
  if (origin === null || typeof origin !== "object") return origin
  return Object.fromEntries(
    Object.entries(origin).map(([k, v]) => [k, k === "localStorage" || k === "sessionStorage" ? list(v) : v])
  )
}

/** Applies the session-state rules to one command's upstream data. */
export const redactStateData = (command: string | undefined, data: unknown): unknown => {
  if (data === null || typeof data !== "object") return data
  const d = data as Record<string, unknown>
  if (command === "cookies" && Array.isArray(d["cookies"])) return { ...d, cookies: withoutCookieValues(d["cookies"]) }
  // `state show`: a saved state file's cookies and storage, under the same rules
  if (command === "state" && d["state"] !== null && typeof d["state"] === "object") {
    const state = d["state"] as Record<string, unknown>
    return {
      ...d,
      state: {
        ...state,
        ...(Array.isArray(state["cookies"]) ? { cookies: withoutCookieValues(state["cookies"]) } : {}),
        ...(Array.isArray(state["origins"])
          ? { origins: (state["origins"] as Array<Record<string, unknown>>).map(originStorage) }
          : {})
      }
    }
  }
  // a redacted storage entry says so (D13): `valueRedacted` and `valueRedactionReason` on a one-key read, and for a
  // whole store each redacted key's reason in `valueRedactions`, so `[REDACTED]` is never mistaken for a stored literal
  if (command === "storage") {
    if (d["data"] !== null && typeof d["data"] === "object") {
      const entries = Object.entries(d["data"] as Record<string, unknown>)
      const reasons = Object.fromEntries(
        entries.flatMap(([k, v]) => {
          const why = credentialReason(k, v)
          return why !== undefined ? [[k, why]] : []
        })
      )
      return {
        ...d,
        data: Object.fromEntries(entries.map(([k, v]) => [k, k in reasons ? REDACTED : v])),
        ...(Object.keys(reasons).length > 0 ? { valueRedactions: reasons } : {})
      }
    }
    if (typeof d["key"] === "string" && "value" in d) {
      const why = credentialReason(d["key"], d["value"])
      return why === undefined ? data : { ...d, value: REDACTED, valueRedacted: true, valueRedactionReason: why }
    }
  }
  return data
}
