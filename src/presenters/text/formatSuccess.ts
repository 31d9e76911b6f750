/**
 * Useful text first: what the model should read after a successful call (each command's wording: formatCommand, below),
 * and a batch or job as its rows. Pure; redaction, budgets and spill files are applied afterwards by the Presenter.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import type { UpstreamOutcome } from "../../domain/Outcome.js"
import type { Plan } from "../../domain/Plan.js"
import { joinParts, page, type Parts } from "./contentBoundary.js"
import { withInputUsage } from "../../compilers/inputCommand.js"
import { presentSnapshot } from "./presentSnapshot.js"
import type { ShownTree } from "../../domain/ShownTree.js"
import type { SnapshotNaming } from "../../domain/SnapshotNaming.js"
import { shownTreeOf } from "../../snapshot/snapshotDelta.js"
import { answersWithEcho, isOpening } from "../../upstream/commandEffects.js"
import { findArgsOf } from "../../upstream/findArgs.js"
import { batchRowsOf } from "../../upstream/wire.js"
import { actionEffectLines, effectActionOf, effectTimeOf } from "./actionEffectWords.js"
import { type RangeFill, rangeFillText } from "../../page/fillGuard.js"
import { DragMiss } from "../../page/dragLanding.js"
import { dragLandedParts } from "./dragMissWords.js"
import { jsDialogLines } from "./jsDialogWords.js"
import { openedTabLines, pageLine } from "./notes.js"
import { enabledWaitWords } from "../../page/readiness.js"
import { uncoveredWords } from "../../page/readiness.js"
import { fieldReadAt, fieldReadLine, keyRun } from "./keyRuns.js"
import { isFieldReadRow } from "../../page/typeReadback.js"
import { fieldHoldsWords, fillShown, textClickShown } from "./actionShown.js"
import { formatDiagnostics } from "./formatDiagnostics.js"
import { formatInput } from "./formatInput.js"
import { grantShown } from "./permissionText.js"
import { ACTION_TEXTS } from "./actionText.js"
import { PAGE_COMMAND_TEXTS } from "./pageCommandText.js"
import { formatRoutes, formatSavedBody } from "./routeText.js"
import { asData, rowLine, sameAddress } from "./batchRowLine.js"
import {
  type CommandText,
  type Data,
  type Formatted,
  formatted,
  oneLine,
  partsOf,
  str,
  stripLifecycle,
  titlePart
} from "./contentBoundary.js"

/**
 * What one successful command says (`formatCommand`): the per-command wording that a single call's text and a
 * batch/job row both use, one formatter per command from a table (actionText.ts for element and input actions,
 * pageCommandText.ts for the rest); then the diagnostic texts, then upstream's data as it is.
 */
const BY_COMMAND: ReadonlyMap<string, CommandText> = new Map([...PAGE_COMMAND_TEXTS, ...ACTION_TEXTS])

export const formatCommand = (
  positionals: ReadonlyArray<string>,
  data: Data,
  sessionName: string | undefined,
  crashedTabs: ReadonlyArray<string> = []
): Formatted => {
  const [command = "", sub] = positionals
  const target = positionals[1] ?? ""
  // the tool's own input commands (a click with modifiers, a drop, a storage key removal) mark their reply
  const input = data["toolInput"] !== undefined ? formatInput(data) : undefined
  if (input !== undefined) return input
  const own = BY_COMMAND.get(command)?.({ positionals, command, sub, target, data, sessionName, crashedTabs })
  if (own !== undefined) return own
  const diagnostic =
    formatDiagnostics(command, sub, data, positionals) ??
    formatRoutes(command, sub, data) ??
    formatSavedBody(command, sub, data)
  if (diagnostic !== undefined) return diagnostic
  const rest = stripLifecycle(data)
  const body: Parts =
    rest !== null && typeof rest === "object" && Object.keys(rest).length > 0
      ? ["\n", page(JSON.stringify(rest, null, 2))]
      : []
  return formatted([`${positionals.slice(0, 2).join(" ")}: done`, ...body], `${command} done`)
}

/**
 * What one successful batch/job row adds after its ✓: a snapshot's view, a page, a value; nothing for a bare action.
 */
const stepText = (
  positionals: ReadonlyArray<string>,
  result: unknown,
  knownUrl: string | undefined,
  shownBefore?: ShownTree,
  naming?: SnapshotNaming
): Parts => {
  const [command = ""] = positionals
  const data = asData(stripLifecycle(result))
  if (command === "snapshot" && typeof data["snapshot"] === "string")
    return ["\n", ...partsOf(presentSnapshot(positionals, data, knownUrl, naming, shownBefore))]
  // a job's text click names the element the page picked (program/refs/preResolveTextClick.ts)
  const picked = asData(data["picked"])
  if (typeof picked["role"] === "string" && typeof picked["name"] === "string") {
    const where =
      typeof picked["shadowRef"] === "string"
        ? `inside a shadow root, found as ${picked["shadowRef"]}`
        : `${String(picked["count"])} matched`
    return [` → ${picked["role"]} `, page(JSON.stringify(picked["name"])), ` (${where})`]
  }
  // a fill step that set a slider instead (page/fillGuard.ts) is not what the row asked: said
  const slider = asData(data["slider"])
  if (command === "fill" && typeof slider["before"] === "string") {
    const value = typeof slider["value"] === "string" ? slider["value"] : undefined
    const field = typeof slider["field"] === "string" ? slider["field"] : undefined
    const range: RangeFill = {
      field,
      value,
      before: slider["before"],
      min: str(slider["min"]),
      max: str(slider["max"])
    }
    return [" → ", rangeFillText(positionals[1] ?? "", range, positionals.slice(2).join(" "))]
  }
  const echoed =
    answersWithEcho(command) || (command === "find" && answersWithEcho(findArgsOf(positionals)?.action ?? "click"))
  // a drag that landed elsewhere than aimed (page/dragLanding.ts) says where, whole, as a direct one does
  const missed = command === "drag" ? Schema.decodeUnknownOption(DragMiss)(data["missed"]) : Option.none()
  if (Option.isSome(missed))
    return [" → ", ...dragLandedParts(positionals[2] ?? "", missed.value, positionals.includes("--human"))]
  if (echoed && data["toolInput"] === undefined) return []
  // the landed URL only where it is not the one the row asked for (a redirect, a normalized address)
  if (isOpening(command) && data["url"] !== undefined)
    return [
      " → ",
      titlePart(data["title"]),
      ...(sameAddress(positionals[1], str(data["url"])) ? [] : [` — ${str(data["url"])}`])
    ]
  if (Object.keys(data).length === 0) return []
  const shown = formatCommand(positionals, data, undefined)
  // a command without its own wording: its data on one line beats "<command>: done" plus the same data
  const done = shown.text.startsWith(`${positionals.slice(0, 2).join(" ")}: done`)
  const line = oneLine(done ? JSON.stringify(data) : shown.text, 160)
  return [" → ", done || partsOf(shown).some((p) => typeof p !== "string") ? page(line) : line]
}

/**
 * What a job's click step did beyond its answer (clickStep.ts): its dialogs, the page it led to and its effects, each
 * on its own line.
 */
const rowEffects = (row: Rows[number], knownUrl: string | undefined): Parts => {
  if (!row.success || (row.effects === undefined && row.jsDialogs === undefined && row.landed === undefined)) return []
  const js = row.jsDialogs
  const dialogs = js !== undefined ? jsDialogLines(js.opened, false, row.warning, js.earlier) : []
  // the page it led to, when that is not the page the rows last named (its own document's new address only against a
  // known one: a hash router's link, said as its new hash)
  const to = row.landed
  const moved = to !== undefined && to.url !== knownUrl && (to.sameDocument !== true || knownUrl !== undefined)
  const before = knownUrl !== undefined ? { url: knownUrl } : undefined
  const landed = to?.newTab !== undefined ? openedTabLines(to.newTab, to) : moved ? [pageLine(before, to)] : []
  const lines = [...dialogs, ...landed, ...actionEffectLines(row.effects, effectActionOf(row.command[0]))]
  return lines.flatMap((line) => ["\n   ", ...line])
}

/** How many steps the call planned (job/qa rows, or a raw batch's stdin steps): a count includes steps never run. */
const plannedSteps = (plan: Plan): number | undefined => {
  const c = plan.compiled
  if (c.mode === "job") return c.job.rows.length
  if (c.mode === "qa") return c.qa.rows.length
  if (c.mode === "sourceLookup") return c.sourceLookup.rows.length
  if (c.mode === "networkSourceLookup") return c.networkSourceLookup.rows.length
  return plan.line.command === "batch" ? batchRowsOf(plan.stdin)?.length : undefined
}

type Rows = Extract<UpstreamOutcome, { kind: "batch" }>["rows"]

/**
 * `pageUrl`: the page the session showed before the batch (a snapshot of that page needs no header naming it);
 * `shownBefore`: the last verbatim snapshot shown before it (a snapshot row of the same page is its delta);
 * `ownRows`: the rows are the caller's own commands (a raw batch's stdin), not a job's or QA's compiled steps.
 */
const formatBatch = (
  rows: Rows,
  planned: number | undefined,
  pageUrl: string | undefined,
  shownBefore: ShownTree | undefined,
  ownRows: boolean
): Formatted => {
  let knownUrl = pageUrl
  let shown = shownBefore
  // every step ran and succeeded: the head says so (`✓ 7/7 steps`), so the rows do not each repeat it; a raw batch's
  // row is named by its number and verb (`2. get text → …`), the rest of the caller's own command is not echoed
  const allOk = rows.every((r) => r.success) && (planned ?? rows.length) <= rows.length
  const mark = allOk ? "" : "✓ "
  const verbOnly = allOk && ownRows
  const lines: Array<{ readonly parts: Parts; readonly bare: boolean }> = []
  for (let i = 0; i < rows.length; i++) {
    const run = keyRun(rows, i)
    if (run !== undefined) {
      const paced = run.pause !== undefined ? `, ${run.pause} ms apart` : ""
      // the field read after the keys (a job's type step) is said on their line, its row in the line's range
      const holds = fieldReadAt(rows, run.end, run.text)
      const last = holds !== undefined ? run.end + 1 : run.end
      const typed = `${i + 1}-${last}. ${mark}typed ${run.keys} keys (keydown, input, keyup each)${paced}`
      const read = holds !== undefined ? [".", ...fieldHoldsWords("type", holds)] : []
      lines.push({ parts: [typed, ...read], bare: false })
      i = last - 1
      continue
    }
    const row = rows[i]!
    if (isFieldReadRow(row.command)) {
      // a read that found nothing to say (a password field) is not written when every step succeeded
      lines.push({ parts: fieldReadLine(rows, i, mark), bare: row.success && fieldReadAt(rows, i, "") === undefined })
      continue
    }
    const text = row.success
      ? [...stepText(row.command, row.result, knownUrl, shown, row.snapshotNaming), ...rowEffects(row, knownUrl)]
      : []
    lines.push({ parts: rowLine(row, i, text, mark, verbOnly), bare: row.success && text.length === 0 })
    if (row.success && row.command[0] === "snapshot")
      shown = shownTreeOf(row.command, asData(stripLifecycle(row.result)), row.snapshotNaming)
    const url = row.success ? (row.landed?.url ?? asData(row.result)["url"]) : undefined
    if (typeof url === "string") knownUrl = url
  }
  const failed = rows.filter((r) => !r.success).length
  const total = Math.max(planned ?? rows.length, rows.length)
  const notRun = total - rows.length
  const tail = notRun > 0 ? `, ${notRun} not run` : ""
  // every step ran and succeeded: the steps that only echo the caller's own command are not written back
  const shownLines = failed === 0 && notRun === 0 ? lines.filter((l) => !l.bare) : lines
  // all done: `✓ 7/7 steps`; otherwise the count that succeeded, in words
  const head =
    failed === 0 && notRun === 0
      ? `✓ ${total}/${total} steps`
      : `${rows.length - failed}/${total} steps succeeded${tail}`
  return formatted(
    [
      `${head}${shownLines.length > 0 ? "\n" : ""}`,
      ...joinParts(
        shownLines.map((l) => l.parts),
        "\n"
      )
    ],
    `batch ${rows.length - failed}/${total} ok${tail}`
  )
}

/** Upstream's warning beside a single command's answer (a dialog blocking the page), said after the answer. */
export const upstreamWarning = (outcome: UpstreamOutcome): Parts =>
  outcome.kind === "single" && outcome.warning !== undefined ? [`\nWarning: ${outcome.warning}`] : []

/** `crashedTabs`: a tab list's tabs whose page crashed (target ids, read over DevTools). */
export const formatSuccess = (
  plan: Plan,
  outcome: UpstreamOutcome,
  pageUrl?: string,
  shownBefore?: ShownTree,
  crashedTabs?: ReadonlyArray<string>
): Formatted => {
  switch (outcome.kind) {
    case "inspection": {
      const help = plan.line.argv.includes("--help") ? withInputUsage(plan.line.command, outcome.stdout) : undefined
      return { text: help ?? outcome.stdout.trimEnd(), summary: `${plan.args.join(" ")} (plain text)` }
    }
    case "batch":
      return formatBatch(outcome.rows, plannedSteps(plan), pageUrl, shownBefore, plan.compiled.mode === "args")
    case "single": {
      const data =
        outcome.data !== null && typeof outcome.data === "object" && !Array.isArray(outcome.data)
          ? (outcome.data as Data)
          : {}
      // a text click the page resolved, and a fill, may say more than upstream's answer (actionShown.ts)
      const command = plan.line.command
      const shown =
        (plan.resolvedText !== undefined && command === "click" ? textClickShown(plan.resolvedText) : undefined) ??
        (command === "fill" ? fillShown(plan.line.positionals, outcome) : undefined) ??
        (outcome.permissionGrant !== undefined
          ? grantShown(plan.line.positionals, data, outcome.permissionGrant)
          : undefined) ??
        formatCommand(plan.line.positionals, data, plan.sessionName, crashedTabs)
      // each JavaScript dialog the action opened, said once and in agreement with upstream's warning
      const js = outcome.jsDialogs
      const action = effectActionOf(command)
      const when = action === "open" ? effectTimeOf(action) : undefined
      const dialogs =
        (js?.opened.length ?? 0) + (js?.earlier.length ?? 0) > 0 || data["dialogOpened"] === true
          ? jsDialogLines(js?.opened ?? [], data["dialogOpened"] === true, outcome.warning, js?.earlier, when)
          : []
      const effects = outcome.effects !== undefined ? actionEffectLines(outcome.effects, action) : []
      const lines = [...dialogs, ...effects]
      // what a filled or typed-into field holds now, on the action's own line
      const holds = outcome.fieldHolds !== undefined ? fieldHoldsWords(command ?? "", outcome.fieldHolds) : []
      // a click that waited for its disabled target says so on its own line first
      const waited = [
        ...(outcome.enabledAfterMs !== undefined ? [enabledWaitWords(outcome.enabledAfterMs)] : []),
        ...(outcome.uncovered !== undefined ? [uncoveredWords(outcome.uncovered)] : [])
      ]
      const extra = [...waited, ...holds, ...lines.flatMap((line) => ["\n", ...line]), ...upstreamWarning(outcome)]
      return extra.length > 0 ? formatted([...partsOf(shown), ...extra], shown.summary) : shown
    }
  }
}
