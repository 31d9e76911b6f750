/**
 * Selector-recovery follow-ups: fresh refs, a current visible ref, a name candidate, a custom combobox, an editable ref
 * for rich input.
 */
import {
  SelectorRecoveryIds as SR,
  numberedNextActionId,
  richInputRecoveryNextActionId
} from "../../../schema/NextActionIds.js"
import { make, withSession } from "./make.js"

export const selectorRecoveryNextActions = {
  refreshRefs: (session: string | undefined) =>
    make(
      SR.refreshInteractiveRefs,
      "Get current interactive refs before retrying the element action.",
      withSession(session, ["snapshot", "-i"]),
      {
        safety: "Prefer a current @ref or a stable find locator; do not retry stale refs blindly."
      }
    ),
  tryVisibleRef: (session: string | undefined, index: number, args: ReadonlyArray<string>, label: string) =>
    make(
      numberedNextActionId(SR.tryCurrentVisibleRef, index),
      `Retry on the current visible element ${label}.`,
      withSession(session, args)
    ),
  tryNameCandidate: (session: string | undefined, role: "button" | "link", name: string) =>
    make(
      role === "button" ? SR.tryButtonNameCandidate : SR.tryLinkNameCandidate,
      `Retry as a ${role} named ${JSON.stringify(name)}.`,
      withSession(session, ["find", "role", role, "click", "--name", name])
    ),
  openCustomCombobox: (session: string | undefined, target: string) =>
    make(
      SR.openCustomCombobox,
      "It is a custom combobox, not a native <select>: click it to open its list.",
      withSession(session, ["click", target])
    ),
  inspectFocusedCombobox: (session: string | undefined) =>
    make(
      SR.inspectFocusedCombobox,
      "See the opened list's option refs, then click the option you want.",
      withSession(session, ["snapshot", "-i"])
    ),
  tryOpenComboboxWithArrow: (session: string | undefined) =>
    make(
      SR.tryOpenComboboxWithArrow,
      "Open the list from the keyboard if a click did not.",
      withSession(session, ["press", "ArrowDown"]),
      {
        safety: "Only once the combobox has focus (after clicking or focusing it)."
      }
    ),
  tryOpenComboboxWithEnter: (session: string | undefined) =>
    make(
      SR.tryOpenComboboxWithEnter,
      "Some comboboxes open on Enter instead.",
      withSession(session, ["press", "Enter"]),
      {
        safety: "Only once the combobox has focus; in a form, Enter may submit it."
      }
    ),
  retrySemanticAfterStaleRef: (session: string | undefined, args: ReadonlyArray<string>) =>
    make(
      SR.retrySemanticActionAfterStaleRef,
      "Run the same semantic action again after refreshing refs; it locates the element afresh.",
      withSession(session, args),
      {
        safety: "Only after the snapshot shows the intended element is still there."
      }
    ),
  /** Rich input recovery: focus or click a current editable ref. Never the fill text, never Enter. */
  editableRef: (session: string | undefined, kind: "focus" | "click", index: number, ref: string, label: string) =>
    make(
      richInputRecoveryNextActionId(kind, index),
      `${kind === "focus" ? "Focus" : "Click"} the current editable ${label}, then type the text in a separate ` +
        "call (keyboard inserttext or keyboard type).",
      withSession(session, [kind, ref]),
      {
        safety: "Does not type or submit; press Enter only if the flow needs it."
      }
    )
} as const
