/**
 * Page content marked as page content. Formatters return their text as parts: the tool's own words as strings, what
 * came from the page as `page(text)`. Without a nonce the parts join into exactly the text they always made; with
 * the call's nonce (the `contentBoundaries` rule) every run of page parts sits between one pair of marker lines in
 * upstream's `--content-boundaries` format, each marker on its own line, and the real nonce inside page text is
 * neutralized so the real closing line is the only one. A head cut keeps its markers closed. The text a result is
 * made of before redaction and budgets (`Formatted`, its parts and values) is below. Pure.
 */

export interface PageText {
  readonly page: string
}

/** A tool string or page-derived text. */
export type Part = string | PageText
export type Parts = ReadonlyArray<Part>

/** The call's marker settings: its nonce and the page origin (or URL) the content came from, when known. */
export interface Boundary {
  readonly nonce: string
  readonly origin?: string | undefined
}

export const page = (text: string): PageText => ({ page: text })

const partText = (part: Part): string => (typeof part === "string" ? part : part.page)

/** The parts as plain text: exactly what the formatters produced before markers existed. */
export const plain = (parts: Parts): string => parts.map(partText).join("")

/** Parts joined by a separator (the separator is the tool's). */
export const joinParts = (groups: ReadonlyArray<Parts>, separator: string): Parts =>
  groups.flatMap((g, i) => (i === 0 ? g : [separator, ...g]))

/** Replaces the real nonce wherever page text carries it, so no page string can close the real block. */
export const neutralize = (text: string, nonce: string): string =>
  nonce === "" ? text : text.replaceAll(nonce, "[nonce]")

/** Origins are shown on the marker line: one line, no whitespace. */
const originField = (b: Boundary): string =>
  b.origin !== undefined && b.origin !== "" ? ` origin=${neutralize(b.origin, b.nonce).replace(/\s+/g, "%20")}` : ""

export const openLine = (b: Boundary): string => `--- AGENT_BROWSER_PAGE_CONTENT nonce=${b.nonce}${originField(b)} ---`
export const closeLine = (nonce: string): string => `--- END_AGENT_BROWSER_PAGE_CONTENT nonce=${nonce} ---`

/** One page-derived block between its markers. */
export const wrap = (text: string, b: Boundary): string =>
  `${openLine(b)}\n${neutralize(text, b.nonce)}\n${closeLine(b.nonce)}`

/** Adjacent tool strings joined and adjacent page parts joined (what is scrubbed as one text). */
export const runsOf = (parts: Parts): Parts =>
  parts.reduce<Array<Part>>((out, part) => {
    const last = out[out.length - 1]
    const bothPage = last !== undefined && typeof last !== "string" && typeof part !== "string"
    if (typeof last === "string" && typeof part === "string") out[out.length - 1] = last + part
    else if (bothPage) out[out.length - 1] = page(last.page + part.page)
    else out.push(part)
    return out
  }, [])

/** Adjacent page parts merged; empty parts dropped. */
const merged = (parts: Parts): Parts => {
  const out: Array<Part> = []
  for (const part of parts) {
    if (partText(part) === "") continue
    const last = out[out.length - 1]
    if (typeof part !== "string" && last !== undefined && typeof last !== "string")
      out[out.length - 1] = page(last.page + part.page)
    else out.push(part)
  }
  return out
}

/**
 * The model-visible text of parts: plain without a boundary; with one, each run of page parts wrapped in one marker
 * pair on lines of its own (a tool line that runs into page text ends before the marker).
 */
export const render = (parts: Parts, boundary: Boundary | undefined): string => {
  if (boundary === undefined) return plain(parts)
  let out = ""
  let afterBlock = false
  for (const part of merged(parts)) {
    if (typeof part === "string") {
      out += afterBlock && !part.startsWith("\n") ? `\n${part.replace(/^[ \t]+/, "")}` : part
      afterBlock = false
      continue
    }
    out = out.replace(/[ \t]+$/, "")
    if (out !== "" && !out.endsWith("\n")) out += "\n"
    out += wrap(part.page.replace(/\n+$/, ""), boundary)
    afterBlock = true
  }
  return out
}

const lastLineOf = (text: string): string => text.slice(text.lastIndexOf("\n") + 1)

/**
 * A head cut from rendered text, its markers kept whole: a marker line cut in the middle is dropped, and a block the
 * cut left open is closed.
 */
export const closeCut = (head: string, boundary: Boundary | undefined): string => {
  if (boundary === undefined) return head
  const markers = [openLine(boundary), closeLine(boundary.nonce)]
  const last = lastLineOf(head)
  const cutMarker = last !== "" && markers.some((m) => m !== last && m.startsWith(last))
  const kept = cutMarker ? head.slice(0, Math.max(0, head.length - last.length - 1)) : head
  const lines = kept.split("\n")
  const opens = lines.filter((l) => l === markers[0]).length
  const closes = lines.filter((l) => l === markers[1]).length
  return opens > closes ? `${kept}\n${markers[1]}` : kept
}

/**
 * A presented result before redaction and budgets (`Formatted`), and the values a command's success text is made of:
 * upstream data as text, one-line summaries, a page title. Pure.
 */
/**
 * The text the model reads and a one-line summary for details. `parts` is the same text split into the tool's words
 * and page content (see contentBoundary.ts); absent, all of it is the tool's.
 */
export interface Formatted {
  readonly text: string
  readonly summary: string
  readonly parts?: Parts
}

/** A Formatted whose text is its parts joined. */
export const formatted = (parts: Parts, summary: string): Formatted => ({ text: plain(parts), parts, summary })

export const partsOf = (f: Formatted): Parts => f.parts ?? [f.text]

export type Data = Record<string, unknown>

/** One successful command as its text sees it: the argv's positionals, upstream's data, and the session's facts. */
export interface CommandCall {
  readonly positionals: ReadonlyArray<string>
  readonly command: string
  readonly sub: string | undefined
  /** The second positional ("" when none): the element, URL or value the command names. */
  readonly target: string
  readonly data: Data
  readonly sessionName: string | undefined
  readonly crashedTabs: ReadonlyArray<string>
}

/** One command family's text; undefined hands the call on to the diagnostic and generic texts. */
export type CommandText = (call: CommandCall) => Formatted | undefined

/** Upstream data without the per-call `lifecycle` block (launch bookkeeping the model never needs) and `_boundary`. */
export const stripLifecycle = (data: unknown): unknown => {
  if (data === null || typeof data !== "object" || Array.isArray(data)) return data
  const { lifecycle: _lifecycle, _boundary, ...rest } = data as Data
  return rest
}

export const str = (v: unknown): string =>
  typeof v === "string" ? v : v === undefined || v === null ? "" : JSON.stringify(v)

export const scalar = (v: unknown): string => {
  if (typeof v === "string") return v
  if (v === undefined) return "undefined"
  return JSON.stringify(v, null, 2)
}

export const oneLine = (s: string, max = 80): string => {
  const flat = s.replace(/\s+/g, " ").trim()
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat
}

/** A page title as page content; none is the tool's "(untitled)". */
export const titlePart = (title: unknown): Part => (str(title) !== "" ? page(str(title)) : "(untitled)")
