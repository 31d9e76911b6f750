/**
 * One row of a batch or job as its line says it: ✓ or ✗, its command (or only its verb when every row succeeded and
 * the rows are the caller's own), and what the row adds. Pure.
 */
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import { page, type Parts } from "./contentBoundary.js"
import { hasSubcommands } from "../../upstream/commandPolicy.js"
import { parseCommandLine } from "../../upstream/commandLine.js"
import { isOpening } from "../../upstream/commandEffects.js"
import type { Data } from "./contentBoundary.js"

type Row = Extract<UpstreamOutcome, { kind: "batch" }>["rows"][number]

export const asData = (v: unknown): Data =>
  v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Data) : {}

/** `asked` and `landed` name the same address once both are written as the browser writes them. */
export const sameAddress = (asked: string | undefined, landed: string): boolean => {
  if (asked === undefined) return false
  try {
    return new URL(asked).href === landed
  } catch {
    return false
  }
}

/** `get text .list` → `get text`, `snapshot -i` → `snapshot`: the command and its subcommand. */
const verbOf = (command: ReadonlyArray<string>): string => {
  const line = parseCommandLine(command)
  return hasSubcommands(line) ? `${line.command} ${line.subcommand}` : (line.command ?? command.join(" "))
}

/** One row of a batch/job: ✓ (`mark`) or ✗, its command (`verbOnly`: its verb), and what it adds. */
export const rowLine = (row: Row, i: number, text: Parts, mark: string, verbOnly: boolean): Parts => {
  const command = row.command.length > 0 ? row.command.join(" ") : `#${i}`
  // what a page script threw is the page's text
  if (!row.success)
    return [
      `${i + 1}. ✗ ${command}: `,
      row.command[0] === "eval" && row.error.message !== ""
        ? page(row.error.message)
        : row.error.message || row.error._tag
    ]
  const url = asData(row.result)["url"]
  // an open that landed where it asked: the row's number maps it to the step, its address is not written again
  const echo =
    isOpening(row.command[0]) && typeof url === "string" && sameAddress(row.command[1], url)
      ? row.command[0]
      : verbOnly && !isOpening(row.command[0])
        ? verbOf(row.command)
        : command
  return [`${i + 1}. ${mark}${echo}`, ...text]
}
