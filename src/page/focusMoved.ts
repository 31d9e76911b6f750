/**
 * Where an action moved the focus, read in the page just after it (clickEffects.ts): a key press (Tab) says any
 * element the focus moved to; a click (or double-click) only a field to type into that it gave the focus to, other
 * than the one it clicked (an inline editor a double-click opened, a search box a button revealed), since a click
 * focuses what it clicks, a label's control or a focusable ancestor of the node it hit anyway. Said as the element's
 * tag and id and its label (aria-label, label, placeholder, text). Pure: the page statements.
 */
import type { ActionEffects } from "../domain/ActionEffects.js"

/**
 * Page JavaScript: `focusMoved(from, clicked)`, the element that has the focus now when it is not `from` (the one that
 * had it before the action), nor the page itself: `{ element, label }`, else undefined. With `clicked` (a click's
 * target, or null when it has none), only a field to type into that is not the target, a focusable ancestor of it,
 * nor its label's control.
 */
export const FOCUS_MOVED: string = `const focusMoved = (from, clicked) => {
  const now = document.activeElement;
  if (!now || now === from || now === document.body || now === document.documentElement) return undefined;
  if (clicked !== undefined) {
    const TEXT = /^(?:text|search|email|url|tel|password|number|date|datetime-local|month|week|time)$/;
    const field = (now.tagName === "INPUT" && TEXT.test(now.type)) || now.tagName === "TEXTAREA" ||
      now.tagName === "SELECT" || now.isContentEditable;
    const label = clicked && clicked.closest ? clicked.closest("label") : null;
    if (!field || (clicked && (now === clicked || now.contains(clicked))) || (label && label.control === now))
      return undefined;
  }
  const labels = now.labels && now.labels.length ? [...now.labels].map((l) => l.textContent).join(" ") : "";
  const own = now.getAttribute("aria-label") || labels || now.getAttribute("placeholder") ||
    (now.tagName === "INPUT" || now.tagName === "TEXTAREA" ? "" : now.innerText) || "";
  const label = String(own).replace(/\\s+/g, " ").trim();
  const element = (now.tagName.toLowerCase() + (now.id ? "#" + now.id : "")).slice(0, 60);
  return { element, label: label.length > 40 ? label.slice(0, 39) + "…" : label };
};`

/** Fields a click focuses to type into: the focus landing on the clicked one is no news. */
const FIELD_ROLES = new Set(["textbox", "searchbox", "combobox", "spinbutton"])

/**
 * The click's effects without `focus` when the click aimed at a field by its ref (`clicked`: the ref's role and name
 * in the model's snapshot) and the focus went to a field labelled that name: the clicked field itself. (A ref to a
 * field gives the recorder no target to judge, so `focusMoved` cannot tell it apart in the page.)
 */
export const withoutClickedFieldFocus = (
  effects: ActionEffects | undefined,
  clicked: { readonly role: string; readonly name: string } | undefined
): ActionEffects | undefined => {
  const label = effects?.focus?.label
  if (effects === undefined || label === undefined || clicked === undefined || !FIELD_ROLES.has(clicked.role))
    return effects
  const name = clicked.name.replace(/\s+/g, " ").trim()
  // the page's read cuts a label to 40 characters, the last one an ellipsis
  const same = label === name || (label.endsWith("…") && name.startsWith(label.slice(0, -1)))
  if (!same) return effects
  const { focus: _, ...rest } = effects
  return Object.keys(rest).length > 0 ? rest : undefined
}
