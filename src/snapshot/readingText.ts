/**
 * Long documents, read on in order as text. The page's main content block (contentWeight.ts) is rendered as reading
 * text without refs (renderFlow.ts) and cut into sections at its headings: §1 starts at the first heading, §0 is what
 * comes before it. A place in it is `<section>` or `<section>+<lines into it>` (`14`, `14+37`), which is what
 * `snapshot --read <place>` takes and what every view and reading says to read on from. Pure.
 */
import { contentWeights, findMainBlock } from "./contentWeight.js"
import { parseSnapshot, type SnapshotNode } from "./parseSnapshot.js"
import { renderFlow } from "./renderFlow.js"
import { tablesOfContents } from "./tableOfContents.js"

/** A reading result, whole: within pi's 50 KB (51,200 bytes) for one tool result, with room for the tool's framing. */
export const READ_RESULT_BYTES = 50 * 1024 - 256
/** What the result's own lines may take besides the text: its header (with the page's address) and where to read on. */
const READ_FRAME_BYTES = 512
export const READ_MAX_LINES = 1_600

export interface ReadingDoc {
  readonly lines: ReadonlyArray<string>
  /** Line index of each heading: §k starts at `headings[k - 1]`. */
  readonly headings: ReadonlyArray<number>
  /** The main block the text is from (its role), or undefined when the whole page is read. */
  readonly mainRole: string | undefined
  /** What the text leaves out of the block: its own table of contents (tableOfContents.ts). */
  readonly leaveOut: ReadonlySet<SnapshotNode>
}

export interface Place {
  readonly section: number
  readonly skip: number
}

/** The reading text of one block (the main block, or the whole page when there is none). */
export const readingDocOfBlock = (block: SnapshotNode, mainRole: string | undefined): ReadingDoc => {
  const headings: Array<number> = []
  const leaveOut = tablesOfContents(block)
  const state = {
    lines: [] as Array<string>,
    bytes: 0,
    budget: Number.POSITIVE_INFINITY,
    truncated: false,
    shownRefs: new Set<string>(),
    textOnly: true,
    headingLines: headings,
    reading: { leaveOut }
  }
  renderFlow(block, state)
  return { lines: state.lines, headings, mainRole, leaveOut }
}

export const readingDocOf = (root: SnapshotNode): ReadingDoc => {
  const main = findMainBlock(root, contentWeights(root))
  return readingDocOfBlock(main ?? root, main?.role)
}

export const readingDocOfTree = (raw: string): ReadingDoc => readingDocOf(parseSnapshot(raw))

export const parsePlace = (text: string): Place | undefined => {
  const m = /^§?(\d+)(?:\+(\d+))?$/.exec(text.trim())
  return m === null ? undefined : { section: Number(m[1]), skip: Number(m[2] ?? 0) }
}

export const placeText = (place: Place): string => `${place.section}${place.skip > 0 ? `+${place.skip}` : ""}`

/** The line a place starts at (the end of the text for a section past the last). */
export const lineOf = (doc: ReadingDoc, place: Place): number =>
  Math.min(
    doc.lines.length,
    (place.section === 0 ? 0 : (doc.headings[place.section - 1] ?? doc.lines.length)) + place.skip
  )

/** The place of a line: its section and how many lines into it. */
export const placeAt = (doc: ReadingDoc, line: number): Place => {
  let section = 0
  while (section < doc.headings.length && (doc.headings[section] ?? Number.POSITIVE_INFINITY) <= line) section++
  return { section, skip: line - (section === 0 ? 0 : (doc.headings[section - 1] ?? 0)) }
}

const bytesOf = (lines: ReadonlyArray<string>): number =>
  lines.reduce((sum, l) => sum + Buffer.byteLength(l, "utf8") + 1, 0)

/** What is left from a line on: its bytes and the sections it reaches. */
export const restFrom = (
  doc: ReadingDoc,
  line: number
): { readonly bytes: number; readonly firstSection: number; readonly lastSection: number } => ({
  bytes: bytesOf(doc.lines.slice(line)),
  firstSection: placeAt(doc, line).section,
  lastSection: doc.headings.length
})

export const kib = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`

/** The heading line of §k, cut for a header. */
const headingOf = (doc: ReadingDoc, section: number): string => {
  const line = section === 0 ? undefined : doc.lines[doc.headings[section - 1] ?? -1]
  return line === undefined ? "the start" : JSON.stringify(line.length > 60 ? `${line.slice(0, 59)}…` : line)
}

/** What a read's result starts with (the presenter's); the rest of READ_RESULT_BYTES is the read's own. */
export const readHead = (origin: string): string => `Reading ${origin || "the page"}: `

/** The lines one read shows from `start`: whole lines within the budget (a first line longer than it, cut). */
const pack = (
  doc: ReadingDoc,
  start: number,
  budget: number,
  maxLines: number
): { readonly out: ReadonlyArray<string>; readonly end: number; readonly bytes: number } => {
  const out: Array<string> = []
  let bytes = 0
  let at = start
  for (; at < doc.lines.length && out.length < maxLines; at++) {
    const line = doc.lines[at] ?? ""
    const size = Buffer.byteLength(line, "utf8") + 1
    if (bytes + size > budget) {
      // a single line longer than the whole budget is cut rather than never shown
      if (out.length === 0) {
        out.push(
          `${Buffer.from(line, "utf8")
            .subarray(0, budget - 2)
            .toString("utf8")
            .replace(/\uFFFD$/, "")}…`
        )
        bytes = budget
        at++
      }
      break
    }
    out.push(line)
    bytes += size
  }
  return { out, end: at, bytes }
}

/** How many reads of `resultBytes` it takes to read from `line` to the end. */
const readsFrom = (doc: ReadingDoc, line: number, resultBytes: number): number => {
  let reads = 0
  for (let at = line; at < doc.lines.length; reads++)
    at = pack(doc, at, resultBytes - READ_FRAME_BYTES, READ_MAX_LINES).end
  return reads
}

/** The sentence that says how much is left from `line` (bytes, sections, reads) and where to read on, or the end. */
export const readOnLine = (doc: ReadingDoc, line: number, resultBytes = READ_RESULT_BYTES): string => {
  if (line >= doc.lines.length) return "(end of the main content)"
  const rest = restFrom(doc, line)
  const sections =
    rest.lastSection > rest.firstSection ? `§${rest.firstSection}–§${rest.lastSection}` : `§${rest.firstSection}`
  const reads = readsFrom(doc, line, resultBytes)
  return (
    `… ${kib(rest.bytes)} of the main content not shown yet (${sections}, ${reads} read${reads === 1 ? "" : "s"}` +
    `). Read on as text, in order: snapshot --read ${placeText(placeAt(doc, line))}`
  )
}

/** Text from `place` on with a header and where to read on, all within `resultBytes` (what is left of a result). */
export const readFrom = (
  doc: ReadingDoc,
  place: Place,
  resultBytes = READ_RESULT_BYTES,
  maxLines = READ_MAX_LINES
): { readonly text: string; readonly next: Place | undefined; readonly shownBytes: number } => {
  const { out, end: at, bytes } = pack(doc, lineOf(doc, place), resultBytes - READ_FRAME_BYTES, maxLines)
  const total = bytesOf(doc.lines)
  const header =
    `Main content${doc.mainRole !== undefined ? ` (${doc.mainRole})` : ""} as text from §${placeText(place)} (` +
    `${headingOf(doc, place.section)}): ${kib(bytes)} of ${kib(total)}, ${doc.headings.length} sections.`
  return {
    text: `${header}\n${out.join("\n")}\n${readOnLine(doc, at, resultBytes)}`,
    next: at < doc.lines.length ? placeAt(doc, at) : undefined,
    shownBytes: bytes
  }
}
