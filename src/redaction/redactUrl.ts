/** Redacts credentials inside URLs: userinfo passwords and secret-bearing query parameters. */
import { REDACTED, SECRET_PARAM } from "./secretPatterns.js"

const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>)\]]+/gi

/** Returns the redacted URL and the secret values it removed. */
export const redactUrl = (raw: string): { readonly text: string; readonly secrets: ReadonlyArray<string> } => {
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
