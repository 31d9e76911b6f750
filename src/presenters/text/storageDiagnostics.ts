/** Saved state files and cookies, counts first, values of credentials never shown. Pure. */
import { credentialReason } from "../../redaction/credentialLike.js"
import { type Formatted, formatted } from "./contentBoundary.js"
import { boundedPage, type Data, str } from "./diagnosticRows.js"

/** A value the model set, as written; a credential-like one is not repeated (redaction/credentialLike.ts). */
const setValue = (key: string, value: string): string =>
  credentialReason(key, value) === undefined
    ? `to ${JSON.stringify(value)}`
    : "(its value not repeated: credential-like)"

/** `storage local|session set <key> <value>` answered `{set: true}`: the entry the page's origin now holds. */
export const storageSet = (positionals: ReadonlyArray<string>, data: Data): Formatted | undefined => {
  const [, area, verb, key] = positionals
  if (verb !== "set" || key === undefined || data["set"] !== true) return undefined
  const store = area === "session" ? "sessionStorage" : "localStorage"
  const value = setValue(key, positionals.slice(4).join(" "))
  const text = `Set ${store} ${JSON.stringify(key)} ${value} on this page's origin.`
  return { text, summary: `Set ${store} ${JSON.stringify(key)}` }
}

/** `cookies set <name> <value>` answered `{set: true}`. */
export const cookieSet = (positionals: ReadonlyArray<string>, data: Data): Formatted | undefined => {
  const [, verb, name, value] = positionals
  if (verb !== "set" || name === undefined || value === undefined || data["set"] !== true) return undefined
  return { text: `Set cookie ${JSON.stringify(name)} ${setValue(name, value)}.`, summary: `Set cookie ${name}` }
}

export const stateFiles = (data: Data): Formatted => {
  const files = data["files"] as ReadonlyArray<Data>
  const head = `${files.length} saved state files in ${str(data["directory"])}`
  const row = (f: Data) =>
    `${str(f["filename"])} (${str(f["size"])} bytes` +
    `${typeof f["modified"] === "number" ? `, modified ${new Date(f["modified"] * 1000).toISOString()}` : ""}` +
    `${f["encrypted"] === true ? ", encrypted" : ""})`
  return formatted([`${head}${files.length > 0 ? "\n" : ""}`, ...boundedPage(files.map(row))], head)
}

/** `state show`: what the file holds, values never shown (cookie values and credential-like storage are redacted). */
export const stateFile = (data: Data): Formatted => {
  const state = data["state"] as Data
  const cookies = Array.isArray(state["cookies"]) ? (state["cookies"] as ReadonlyArray<Data>) : []
  const origins = Array.isArray(state["origins"]) ? (state["origins"] as ReadonlyArray<Data>) : []
  const count = (o: Data, k: string) => (Array.isArray(o[k]) ? (o[k] as ReadonlyArray<unknown>).length : 0)
  const head =
    `State file ${str(data["filename"])} (${str(data["size"])} bytes` +
    `${data["encrypted"] === true ? ", encrypted" : ""}): ${cookies.length} cookies (values hidden), ` +
    `${origins.length} origins`
  const rows = [
    ...cookies.map((c) => `cookie ${str(c["name"])} — ${str(c["domain"])}${str(c["path"])}`),
    ...origins.map(
      (o) =>
        `origin ${str(o["origin"])}: ${count(o, "localStorage")} localStorage, ${count(o, "sessionStorage")}` +
        " sessionStorage entries"
    )
  ]
  return formatted([`${head}${rows.length > 0 ? "\n" : ""}`, ...boundedPage(rows)], head)
}

/** Cookies with their values (a credential-like one is hidden, and the head counts those). */
export const cookieList = (cookies: ReadonlyArray<Data>): Formatted => {
  const hidden = cookies.filter((c) => c["valueRedacted"] === true).length
  const values = hidden === 1 ? "value" : "values"
  const head = `${cookies.length} cookies${hidden > 0 ? ` (${hidden} credential-like ${values} hidden)` : ""}`
  const flags = (c: Data) => ["httpOnly", "secure", "session"].filter((f) => c[f] === true).join(", ")
  const where = (c: Data) => `${str(c["domain"])}${str(c["path"])}${flags(c) !== "" ? ` (${flags(c)})` : ""}`
  const row = (c: Data) => `${str(c["name"])}=${str(c["value"])} — ${where(c)}`
  return formatted([`${head}${cookies.length > 0 ? "\n" : ""}`, ...boundedPage(cookies.map(row))], head)
}
