/**
 * Page content marked as page content. Formatters return their text as parts: the tool's own words as strings, what
 * came from the page as `page(text)`. Without a nonce the parts join into exactly the text they always made; with
 * the call's nonce (the `contentBoundaries` rule) every run of page parts sits between one pair of marker lines in
 * upstream's `--content-boundaries` format, each marker on its own line, and the real nonce inside page text is
 * neutralized so the real closing line is the only one. A head cut keeps its markers closed. Pure.
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
