/**
 * A snapshot that lists a frame with nothing inside: agent-browser 0.41.2 expands a page's frames one level deep, so a
 * frame inside a frame shows as a bare `Iframe [ref=eN]` line (an empty or blocked frame shows the same). The line
 * says so and how to look inside (`frame @eN`, then `snapshot -i`: upstream scopes to a nested frame's ref directly).
 * Read from upstream's own tree text. Pure.
 */
import type { Executed } from "../../domain/Executed.js"
import { readPayload, SnapshotText } from "../../schema/UpstreamPayloads.js"
import type { DiagnosticPart } from "./diagnosticPart.js"

/** At most this many bare frames are named. */
const NAMED = 3

const FRAME_LINE = /^(\s*)- Iframe\b[^\n]*\[[^\]\n]*\bref=(e\d+)[^\]\n]*\]\s*$/

/** The refs of the frames a snapshot tree lists with no line under them. */
export const bareFramesOf = (tree: string): ReadonlyArray<string> => {
  const lines = tree.split("\n")
  const bare: Array<string> = []
  lines.forEach((line, i) => {
    const m = FRAME_LINE.exec(line)
    if (m === null) return
    const next = lines[i + 1]
    const indent = (m[1] ?? "").length
    const nested = next !== undefined && /^\s*/.exec(next)![0].length > indent && next.trim().startsWith("-")
    if (!nested) bare.push(`@${m[2]}`)
  })
  return bare
}

/** The line for a `snapshot` whose tree lists frames with nothing inside; none otherwise. */
export const frameDiagnostic = (executed: Executed): DiagnosticPart => {
  const { outcome } = executed
  const tree = outcome.kind === "single" ? readPayload(SnapshotText, outcome.data, (d) => d.snapshot) : undefined
  const bare = tree !== undefined ? bareFramesOf(tree) : []
  if (bare.length === 0) return { lines: [], fields: {}, nextActions: [] }
  const [first] = bare
  const named = bare.slice(0, NAMED).join(", ")
  const which = bare.length === 1 ? `Frame ${named} is` : `Frames ${named}${bare.length > NAMED ? ", …" : ""} are`
  return {
    lines: [
      [
        `${which} listed with nothing inside: a frame inside a frame is not expanded here (an empty frame looks the ` +
          `same). To look inside: frame ${first}, then snapshot -i (frame main to come back).`
      ]
    ],
    fields: {},
    nextActions: []
  }
}
