/**
 * The one way console arguments and thrown values become a short line of text: an Error as its name and message, a
 * string as itself, anything else as JSON, whitespace collapsed. In the page (`CONSOLE_TEXT`: `text(x)`, `norm1(s)`)
 * for the click's watch (clickEffects.ts) and the load log of an open (loadLog.ts); and the same rules over what
 * upstream's own logs keep (`console`: DevTools' description of each argument; `errors`: the thrown value's
 * description), for the first open of a session, whose page no script of the tool's saw load. Pure.
 */
export const CONSOLE_TEXT: string = `const norm1 = (s) => String(s).replace(/\\s+/g, " ").trim();
const json = (x) => { try { return JSON.stringify(x); } catch { return String(x); } };
const text = (x) => x instanceof Error ? x.name + ": " + x.message : typeof x === "string" ? x : json(x);`

/** `norm1` outside the page. */
export const norm1 = (s: string): string => s.replace(/\s+/g, " ").trim()

type Remote = Readonly<Record<string, unknown>>
const asRemote = (v: unknown): Remote | undefined => (v !== null && typeof v === "object" ? (v as Remote) : undefined)

/** A preview property's value as JSON would hold it (DevTools gives each as a string, typed beside it). */
const previewValue = (p: Remote): unknown => {
  const value = p["value"]
  if (p["type"] === "number") return Number(value)
  if (p["type"] === "boolean") return value === "true"
  if (p["type"] === "object" && p["subtype"] === "null") return null
  return value
}

/** An object argument as JSON, from DevTools' preview (its first properties; a nested object is its description). */
const previewJson = (arg: Remote): string | undefined => {
  const preview = asRemote(arg["preview"])
  const props = Array.isArray(preview?.["properties"]) ? (preview["properties"] as ReadonlyArray<unknown>) : undefined
  if (props === undefined) return undefined
  const entries = props.flatMap((p) => {
    const r = asRemote(p)
    return r !== undefined && typeof r["name"] === "string" ? [[r["name"], previewValue(r)] as const] : []
  })
  return arg["subtype"] === "array"
    ? JSON.stringify(entries.map(([, v]) => v))
    : JSON.stringify(Object.fromEntries(entries))
}

/** `text(x)` over one console argument as DevTools describes it (a RemoteObject, as upstream's `console` keeps it). */
export const remoteArgText = (arg: unknown): string => {
  const r = asRemote(arg)
  if (r === undefined) return String(arg)
  const description = typeof r["description"] === "string" ? r["description"] : undefined
  if (r["type"] === "string" && typeof r["value"] === "string") return r["value"]
  if (r["subtype"] === "error" && description !== undefined) return description.split("\n")[0] ?? ""
  if (r["type"] === "undefined") return "undefined"
  if (r["type"] === "object" && r["subtype"] === "null") return "null"
  if ("value" in r) return JSON.stringify(r["value"]) ?? String(r["value"])
  return previewJson(r) ?? description ?? ""
}

/**
 * An uncaught error as upstream's `errors` keeps it (the thrown value's description, its stack after the first line),
 * said as the page's own error event says it: `Uncaught ReferenceError: x is not defined`.
 */
export const uncaughtText = (description: string): string => {
  const line = description.split("\n")[0] ?? ""
  return line.startsWith("Uncaught") ? line : `Uncaught ${line}`
}
