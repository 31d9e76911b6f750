/**
 * Page reads around the tool's own input commands (program/page/inputCommand.ts): a hit test before input is sent at
 * an element (is the element under its box's centre that element?), a drop recorder installed just before the drag
 * events and read just after (which drag events the page saw, whether its drop zone accepted them by cancelling
 * `dragover`, and the files and text the `drop` carried as the page read them), and the script that removes one web
 * storage key and says whether it was there. Read-only apart from the storage removal asked for. Pure.
 */

const KEY = `Symbol.for("pi-agent-browser.drop")`

/**
 * Capture listeners on the window: they run before the page's own, so the drop's data is read while it is readable.
 * Answers the string `installed`.
 */
export const DROP_RECORDER_INSTALL: string = `(() => {
  const seen = { events: [], files: [], types: [], text: null, target: null }
  window[${KEY}] = seen
  for (const type of ["dragenter", "dragover", "drop"]) {
    window.addEventListener(type, (e) => {
      seen.events.push(e)
      if (type !== "drop" || !e.dataTransfer) return
      const t = e.target
      seen.target = t instanceof Element ? t.tagName.toLowerCase() + (t.id ? "#" + t.id : "") : null
      seen.types = [...e.dataTransfer.types]
      seen.files = [...e.dataTransfer.files].map((f) => ({ name: f.name, size: f.size, type: f.type }))
      seen.text = e.dataTransfer.types.includes("text/plain") ? e.dataTransfer.getData("text/plain").length : null
    }, true)
  }
  return "installed"
})()`

/** What the recorder saw, as JSON text; `accepted`: a `dragover` the page cancelled (a drop zone says yes that way). */
export const DROP_RECORDER_READ: string = `(() => {
  const seen = window[${KEY}]
  if (!seen) return JSON.stringify({ installed: false })
  delete window[${KEY}]
  const count = (type) => seen.events.filter((e) => e.type === type).length
  return JSON.stringify({
    installed: true, dragenter: count("dragenter"), dragover: count("dragover"), drop: count("drop"),
    accepted: seen.events.some((e) => e.type === "dragover" && e.defaultPrevented),
    target: seen.target, files: seen.files, types: seen.types, textLength: seen.text
  })
})()`

export interface DropSeen {
  readonly installed: boolean
  readonly drop: number
  readonly accepted: boolean
  readonly target: string | null
  readonly files: ReadonlyArray<{ readonly name: string; readonly size: number; readonly type: string }>
  readonly textLength: number | null
}

const record = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {}

/** What the recorder saw (its JSON text); undefined when it is not that. */
export const dropSeenOf = (text: string | undefined): DropSeen | undefined => {
  if (text === undefined) return undefined
  try {
    const seen = record(JSON.parse(text))
    if (seen["installed"] !== true) return undefined
    const files = Array.isArray(seen["files"]) ? seen["files"].map(record) : []
    return {
      installed: true,
      drop: typeof seen["drop"] === "number" ? seen["drop"] : 0,
      accepted: seen["accepted"] === true,
      target: typeof seen["target"] === "string" ? seen["target"] : null,
      files: files.map((f) => ({
        name: String(f["name"] ?? ""),
        size: Number(f["size"] ?? 0),
        type: String(f["type"] ?? "")
      })),
      textLength: typeof seen["textLength"] === "number" ? seen["textLength"] : null
    }
  } catch {
    return undefined
  }
}

/** Removes one key of `localStorage`/`sessionStorage`; answers JSON `{had, left}` (was it there, is it still). */
export const storageRemoveScript = (area: "local" | "session", key: string): string =>
  `(() => { const s = window.${area}Storage; const k = ${JSON.stringify(key)}; const had = s.getItem(k) !== null; ` +
  `s.removeItem(k); return JSON.stringify({ had, left: s.getItem(k) !== null }) })()`

/** The removal script's answer; undefined when the eval answered something else. */
export const storageRemovedOf = (data: unknown): { readonly had: boolean; readonly left: boolean } | undefined => {
  const text = record(data)["result"]
  if (typeof text !== "string") return undefined
  try {
    const read = record(JSON.parse(text))
    const [had, left] = [read["had"], read["left"]]
    return typeof had === "boolean" && typeof left === "boolean" ? { had, left } : undefined
  } catch {
    return undefined
  }
}

export interface Box {
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
}

/**
 * Whether the element under a point of the top document (through open shadow roots) is the element whose box upstream
 * read, or inside it: some element from the hit up to the root has that box (within a pixel and a half). Answers JSON
 * `{reached, hit}` (`hit`: tag#id of what is there). A ref inside a frame has a box in its frame's coordinates, so the
 * top document's point misses it; a covering element misses too.
 */
export const hitTestExpression = (box: Box, point: { readonly x: number; readonly y: number }): string => `(() => {
  const box = ${JSON.stringify(box)}
  let el = document.elementFromPoint(${point.x}, ${point.y})
  while (el && el.shadowRoot) {
    const inner = el.shadowRoot.elementFromPoint(${point.x}, ${point.y})
    if (!inner || inner === el) break
    el = inner
  }
  const hit = el ? el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") : null
  const near = (a, b) => Math.abs(a - b) < 1.5
  for (let at = el; at; at = at.parentElement || (at.parentNode && at.parentNode.host) || null) {
    const r = at.getBoundingClientRect()
    if (near(r.x, box.x) && near(r.y, box.y) && near(r.width, box.width) && near(r.height, box.height)) {
      return JSON.stringify({ reached: true, hit })
    }
  }
  return JSON.stringify({ reached: false, hit })
})()`

/** Whether the element was under the point; `hit`: what was there (tag#id). */
export interface Hit {
  readonly reached: boolean
  readonly hit: string | null
}

/** The hit test's answer (its JSON text); undefined when unreadable. */
export const hitOf = (value: string | undefined): Hit | undefined => {
  if (value === undefined) return undefined
  try {
    const read = record(JSON.parse(value))
    const hit = typeof read["hit"] === "string" ? read["hit"] : null
    return typeof read["reached"] === "boolean" ? { reached: read["reached"], hit } : undefined
  } catch {
    return undefined
  }
}
