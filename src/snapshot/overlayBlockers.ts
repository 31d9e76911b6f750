/**
 * Open dialogs in a full snapshot tree, and the controls inside them that read like a way to close them ("Close",
 * "Dismiss", "No thanks", a lone ×). Only `dialog`/`alertdialog` nodes count as evidence: page-wide words such as
 * "privacy" or "sign in" without a dialog do not. At most three candidates, in tree order. Pure.
 */
import type { OverlayBlockers, OverlayCandidate } from "../schema/PageDiagnostics.js"

const MAX_CANDIDATES = 3
const CLOSE_NAME =
  /^(close|close (dialog|modal|banner|popup|this)|dismiss|no,? thanks|not now|maybe later|skip|×|✕|✖|x)$/i
const DIALOG_LINE = /^(\s*)- (dialog|alertdialog)(?: "([^"]*)")?/
const CONTROL_LINE = /^\s*- (button|link|menuitem) "([^"]*)"[^\n]*\bref=(e\d+)/

const indentOf = (line: string): number => /^\s*/.exec(line)?.[0].length ?? 0

export const overlayBlockersOf = (tree: string): OverlayBlockers | undefined => {
  const lines = tree.split("\n")
  const dialogs: Array<string> = []
  const candidates: Array<OverlayCandidate> = []
  lines.forEach((line, i) => {
    const dialog = DIALOG_LINE.exec(line)
    if (dialog === null) return
    const depth = dialog[1]?.length ?? 0
    const label = dialog[3] !== undefined && dialog[3] !== "" ? `${dialog[2]} "${dialog[3]}"` : (dialog[2] ?? "dialog")
    dialogs.push(label)
    for (let j = i + 1; j < lines.length && indentOf(lines[j] ?? "") > depth; j++) {
      const control = CONTROL_LINE.exec(lines[j] ?? "")
      if (control === null || !CLOSE_NAME.test((control[2] ?? "").trim())) continue
      const ref = control[3] ?? ""
      if (candidates.some((c) => c.ref === `@${ref}`) || candidates.length >= MAX_CANDIDATES) continue
      candidates.push({
        ref: `@${ref}`,
        role: control[1] ?? "button",
        name: control[2] ?? "",
        args: ["click", `@${ref}`],
        reason: `inside open ${label}`
      })
    }
  })
  if (candidates.length === 0) return undefined
  return {
    summary:
      `${dialogs.length === 1 ? "An open dialog" : `${dialogs.length} open dialogs`} (` +
      `${dialogs.slice(0, 3).join(", ")}) may cover the page; likely dismiss controls: ` +
      `${candidates.map((c) => `${c.ref} ${c.role} "${c.name}"`).join(", ")}.`,
    dialogs,
    candidates
  }
}
