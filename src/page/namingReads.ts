/**
 * The reads that name an interactive snapshot's controls, in the snapshot's own upstream batch right after it: the
 * full tree of the same page (where an unnamed control's row, label or heading is; snapshot/controlContext.ts) and
 * which repeated role/name refs a pointer cannot reach while a twin can (hiddenTwins.ts). One home for what they are
 * and what they tell, for a standalone `snapshot -i` and for a `snapshot -i` step of a job or a caller's batch. Pure.
 */
import type { StepRow } from "../domain/Outcome.js"
import type { SnapshotNaming } from "../domain/SnapshotNaming.js"
import { controlContexts, treeTextChars, unnamedControlRefs } from "../snapshot/controlContext.js"
import { HIDDEN_TWINS_EXPRESSION, hiddenNote, hiddenTwinsOf } from "./hiddenTwins.js"
import { UNMARK_SCRIPT } from "./refTargets.js"

/** A snapshot argv the reads apply to: interactive, and not a delta (whose reply is not a tree). */
export const namesControls = (argv: ReadonlyArray<string>): boolean =>
  argv[0] === "snapshot" && (argv.includes("-i") || argv.includes("--interactive")) && !argv.includes("--delta")

/** The rows that follow the snapshot's own row in its batch, in this order (read with `namingOf`). */
export const NAMING_ROWS: ReadonlyArray<ReadonlyArray<string>> = [
  ["snapshot"],
  // the twins read also removes the handlers the mark script set before the snapshot (refTargets.ts; none if none)
  ["eval", `(() => { try { return ${HIDDEN_TWINS_EXPRESSION}; } finally { ${UNMARK_SCRIPT}; } })()`]
]

/** A successful snapshot row's tree text. */
export const snapshotTextOf = (row: StepRow | undefined): string | undefined => {
  if (row?.success !== true || row.result === null || typeof row.result !== "object") return undefined
  const text = (row.result as Record<string, unknown>)["snapshot"]
  return typeof text === "string" ? text : undefined
}

/** A successful eval row's value. */
export const evalResultOf = (row: StepRow | undefined): unknown =>
  row?.success === true && row.result !== null && typeof row.result === "object"
    ? (row.result as Record<string, unknown>)["result"]
    : undefined

/**
 * What the reads tell about the interactive `tree`: `full` and `twins` are the NAMING_ROWS' rows (a row that did not
 * answer adds nothing); `targets`, `-C`'s ref targets when they were read. Undefined when there is nothing to add.
 */
export const namingOf = (
  tree: string,
  full: StepRow | undefined,
  twins: StepRow | undefined,
  targets?: SnapshotNaming["targets"]
): SnapshotNaming | undefined => {
  const fullTree = snapshotTextOf(full)
  const unnamed = unnamedControlRefs(tree)
  const contexts: Record<string, string> =
    fullTree !== undefined && unnamed.length > 0 ? { ...controlContexts(fullTree, unnamed) } : {}
  // a ref a pointer cannot reach while its twin (same role and name) can is said on its line, with the twin
  const hidden = hiddenTwinsOf(tree, evalResultOf(twins))
  for (const [ref, twin] of hidden)
    contexts[ref] = contexts[ref] !== undefined ? `${contexts[ref]}; ${hiddenNote(twin)}` : hiddenNote(twin)
  const pageTextChars = fullTree !== undefined ? treeTextChars(fullTree) : undefined
  return Object.keys(contexts).length > 0 || targets !== undefined || pageTextChars !== undefined
    ? {
        contexts,
        ...(targets !== undefined ? { targets } : {}),
        ...(hidden.size > 0 ? { hidden: Object.fromEntries(hidden) } : {}),
        ...(pageTextChars !== undefined ? { pageTextChars } : {})
      }
    : undefined
}
