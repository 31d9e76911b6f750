/**
 * Whether a click aimed at a combobox opened it. The click's page read (clickRecorder.ts) also reads the focused
 * element (inside shadow roots too) and counts visible listboxes and options, shadow roots included, once the page
 * settled after the click; a combobox-targeted click (`click @ref` of a combobox ref,
 * `find role combobox click`) that left a combobox focused with an explicit `aria-expanded` and nothing visible to
 * pick is `comboboxFocus`: many open on ArrowDown or Enter, not on a click. Only explicit combobox targets are judged,
 * so ordinary clicks never trip it. Pure.
 */
import type { CommandLine } from "../domain/CommandLine.js"
import type { ComboboxFocus } from "../schema/PageDiagnostics.js"
import type { RefSnapshot } from "../domain/RefSnapshot.js"

/** Read-only: the focused element's combobox facts and what list UI is visible. */
export const COMBOBOX_FOCUS_EXPRESSION: string = `(() => {
let a = document.activeElement;
while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
if (!a || a === document.body) return undefined;
const visible = (e) => {
  const r = e.getBoundingClientRect(), s = getComputedStyle(e);
  return r.width > 0 && r.height > 0 && s.visibility !== "hidden" && s.display !== "none";
};
const deep = (sel) => {
  const out = [], walk = (root) => {
    out.push(...root.querySelectorAll(sel));
    for (const e of root.querySelectorAll("*")) if (e.shadowRoot) walk(e.shadowRoot);
  };
  walk(document);
  return out;
};
const role = (a.getAttribute("role") || "").trim().split(/\\s+/)[0] || (a.tagName === "SELECT" ? "combobox" : "");
if (role !== "combobox") return undefined;
const count = (sel) => deep(sel).filter(visible).length;
return {
  role, tag: a.tagName.toLowerCase(), expanded: a.getAttribute("aria-expanded"),
  hasPopup: a.getAttribute("aria-haspopup"),
  name: String(a.getAttribute("aria-label") || (a.labels && a.labels[0] && a.labels[0].textContent) || "")
    .replace(/\\s+/g, " ").trim().slice(0, 80),
  listboxes: count('[role="listbox"], [role="menu"], datalist'), options: count('[role="option"], [role="menuitem"]')
};
})()`

/** An action that names a combobox: a combobox ref of the latest snapshot, or `find role combobox <action>`. */
const isComboboxAction =
  (action: "click" | "fill") =>
  (line: CommandLine, refs: RefSnapshot | undefined): boolean => {
    const [command, a, b, c] = line.positionals
    if (command === "find") return a === "role" && b === "combobox" && c === action
    if (command !== action) return false
    const ref = /^@?(e\d+)$/.exec(a ?? "")?.[1]
    return ref !== undefined && refs?.refs.get(ref)?.role === "combobox"
  }

export const isComboboxClick = isComboboxAction("click")
/** R6: a fill aimed at a combobox is judged the same way after its read-back. */
export const isComboboxFill = isComboboxAction("fill")

const str = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined)

/** The diagnostic from the read's facts, when the focused combobox shows nothing to pick. */
export const comboboxFocusOf = (facts: unknown, action: "click" | "fill" = "click"): ComboboxFocus | undefined => {
  if (facts === null || typeof facts !== "object") return undefined
  const f = facts as Record<string, unknown>
  const expanded = str(f["expanded"])
  const listboxes = typeof f["listboxes"] === "number" ? f["listboxes"] : 0
  const options = typeof f["options"] === "number" ? f["options"] : 0
  if (f["role"] !== "combobox" || expanded === undefined || listboxes > 0 || options > 0) return undefined
  const hasPopup = str(f["hasPopup"])
  const name = str(f["name"])
  return {
    reason: "focused-combobox-without-visible-options",
    message: `The combobox has the focus but shows no options: the ${action} did not open its list.`,
    activeElement: {
      role: "combobox",
      tag: String(f["tag"] ?? ""),
      expanded,
      ...(hasPopup !== undefined ? { hasPopup } : {}),
      ...(name !== undefined ? { name } : {})
    },
    visibleListboxCount: listboxes,
    visibleOptionCount: options,
    recommendations: [
      "press ArrowDown (or Enter) to open the list, then snapshot -i and click the option's ref",
      "or type to filter, then pick the option"
    ]
  }
}
