/**
 * The words for a drag whose element landed elsewhere than aimed (page/dragLanding.ts): where it is now, against the
 * aim, and a drag that moves it on. The retry is upstream's `--human` drag: its plain drag goes from source to target
 * in ~40 ms and releases at once, while a SortableJS list ignores `dragover` for 30 ms after each move, so under CPU
 * load the item stops short; the eased path took ~2x as long and landed every time (raw binary at load 13-24 on 2
 * cores: plain 1 of 6 and 5 of 8, `--human` 6 of 6 and 8 of 8). The tool does not add it to every drag: it made each
 * drag 2-3x slower (a kanban drag +1.3 s in bench:cases). Neighbours' texts and a container's label are page text.
 * Pure.
 */
import type { DragMiss } from "../../page/dragLanding.js"
import { page, type Parts } from "./contentBoundary.js"

const quoted = (text: string): Parts => [page(JSON.stringify(text))]
const isRef = (selector: string): boolean => /^@e\d+$/.test(selector)
const HUMAN = " with --human (a slower, eased path)"

/**
 * `landed after "Design" (position 2 of 4, aimed at 1). To move it on, …`: where it is and a drag that moves it on
 * (a job's row, whose command already names the drag); `human`: the drag already took the eased path.
 */
export const dragLandedParts = (dst: string, miss: DragMiss, human = false): Parts => {
  const again = human ? " again" : ` again${HUMAN}`
  if (miss.kind === "elsewhere") {
    const label = miss.label !== undefined ? [" ", ...quoted(miss.label)] : []
    return [`landed in ${miss.element}`, ...label, `, not in or next to ${dst}. To retry: drag it onto ${dst}${again}.`]
  }
  const by = miss.neighbour !== undefined ? [`${miss.side} `, ...quoted(miss.neighbour), " ("] : ["("]
  // a CSS selector such as li:nth-child(1) may name another item now; a ref names the same one
  const onto = isRef(dst) || miss.target === undefined ? [dst] : quoted(miss.target)
  return [
    "landed ",
    ...by,
    `position ${miss.at} of ${miss.count}, aimed at ${miss.aim}). To move it on, drag it onto `,
    ...onto,
    `${again}.`
  ]
}

/** `Dragged @e13 toward @e11, but it landed after "Design" (position 2 of 4, aimed at 1). To move it on, …`. */
export const dragMissParts = (source: string, dst: string, miss: DragMiss, human = false): Parts => [
  `Dragged ${source} toward ${dst}, but it `,
  ...dragLandedParts(dst, miss, human)
]
