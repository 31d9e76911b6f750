/**
 * Hidden twins: widget libraries (Choices.js, Tom Select, ...) keep the native `<select>` they replace in the page,
 * hidden or drawn over, so `snapshot -i` can list `option "France"` twice: the native one first, which a click
 * cannot reach, and the widget's own. One read-only eval in the snapshot's batch groups the page's controls by role
 * and name and says which of each repeated group a pointer can reach (hit-testable: the element, or what covers its
 * centre, is itself or inside it); the snapshot's refs of that role and name, in tree order, are matched to them.
 * A ref that cannot be reached while a twin can is marked `hidden` with that twin. When the counts differ, nothing
 * is marked. With a focus (a role/name click or check about to be resolved), every group of that name is reported,
 * alone or not, so each of its refs is known reachable or not (`reachOf`). An element its scroll container or the
 * window clips counts as reachable (upstream scrolls it into view). Pure: the expression and the matching.
 */
import { ROLE_NAME_SNIPPET } from "./accessibleName.js"

/** Roles whose repeated names are checked (what a model clicks or checks by ref). */
export const TWIN_ROLES = [
  "option",
  "button",
  "link",
  "checkbox",
  "radio",
  "menuitem",
  "tab",
  "switch",
  "treeitem"
] as const

const norm = (s: string) => s.replace(/\s+/g, " ").trim().toLowerCase()

/** Groups reported at most (a page of many repeated names is not a widget duplicate). */
const MAX_GROUPS = 40

/** A role/name whose every group the read reports (the name's groups of any clickable role, and of that role). */
export interface ReachFocus {
  readonly role: string
  readonly name: string
}

/**
 * The page's repeated role/name groups: `{ "option\u0000france": [false, true] }`, true where a pointer can reach
 * the element. Options of a closed native dropdown count as reachable when their `<select>` is. With `focus`, also
 * every group named so, whatever its size.
 */
export const hiddenTwinsExpression = (focus?: ReachFocus): string => `(() => {
${ROLE_NAME_SNIPPET}
const roles = new Set(${JSON.stringify(TWIN_ROLES)});
const F = ${JSON.stringify(focus === undefined ? null : { role: focus.role, name: norm(focus.name) })};
const reach = (e) => {
  if (e.tagName === "OPTION") { const s = e.closest("select"); if (s && !s.multiple && !(s.size > 1)) e = s; }
  const r = e.getBoundingClientRect();
  if (r.width < 1 || r.height < 1) return false;
  for (let a = e; a; a = a.parentElement) {
    const s = getComputedStyle(a);
    if (s.visibility === "hidden" || s.display === "none" || Number(s.opacity) === 0) return false;
  }
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return true;
  for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
    const s = getComputedStyle(a);
    if (s.overflowX === "visible" && s.overflowY === "visible") continue;
    const b = a.getBoundingClientRect();
    if (x < b.left || y < b.top || x >= b.right || y >= b.bottom) return true;
  }
  const hit = document.elementFromPoint(x, y);
  return hit !== null &&
    (hit === e || e.contains(hit) || (hit.tagName === "OPTION" && e.contains(hit.closest("select"))));
};
const groups = new Map();
for (const e of document.querySelectorAll("option, a[href], button, summary, input, [role]")) {
  const r = role(e), twin = roles.has(r);
  if (!twin && !(F && r === F.role)) continue;
  const m = name(e);
  if (!twin && m !== F.name) continue;
  const k = r + "\\u0000" + m;
  (groups.get(k) || groups.set(k, []).get(k)).push(e);
}
const out = {};
let n = 0;
for (const [k, els] of groups) {
  if (F && k.slice(k.indexOf("\\u0000") + 1) === F.name) { out[k] = els.map(reach); continue; }
  if (els.length < 2 || n >= ${MAX_GROUPS}) continue;
  const flags = els.map(reach);
  if (flags.every((f) => f) || flags.every((f) => !f)) continue;
  out[k] = flags; n++;
}
return out;
})()`

/** The read without a focus (a snapshot's hidden twins). */
export const HIDDEN_TWINS_EXPRESSION = hiddenTwinsExpression()

const REF_LINE = /^\s*- ([\w-]+)(?: "((?:[^"\\]|\\.)*)")?[^\n]*?[[ ]ref=(e\d+)[\],]/

/** The refs of an interactive snapshot text in tree order, with role and name. */
const refsInOrder = (tree: string): ReadonlyArray<{ ref: string; role: string; name: string }> =>
  tree.split("\n").flatMap((line) => {
    const m = REF_LINE.exec(line)
    if (m === null) return []
    let name = m[2] ?? ""
    try {
      name = JSON.parse(`"${name}"`) as string
    } catch {
      /* kept as printed */
    }
    return [{ ref: m[3] ?? "", role: m[1] ?? "", name }]
  })

/**
 * Hidden refs by id, each with its reachable twin: a ref of a repeated role/name group whose element cannot be
 * reached while another of the group can. Empty when the read did not answer or the counts do not line up.
 */
export const hiddenTwinsOf = (tree: string, read: unknown): ReadonlyMap<string, string> => {
  const hidden = new Map<string, string>()
  if (read === null || typeof read !== "object") return hidden
  const groups = read as Record<string, unknown>
  const refs = refsInOrder(tree)
  for (const [key, flags] of Object.entries(groups)) {
    if (!Array.isArray(flags) || !flags.every((f) => typeof f === "boolean")) continue
    const [role, name] = key.split("\u0000")
    const same = refs.filter((r) => r.role === role && norm(r.name) === name)
    if (same.length !== flags.length) continue
    const twin = same.find((_, i) => flags[i] === true)
    if (twin === undefined) continue
    same.forEach((r, i) => {
      if (flags[i] === false) hidden.set(r.ref, twin.ref)
    })
  }
  return hidden
}

/** The line annotation of a hidden ref. */
export const hiddenNote = (twin: string): string => `hidden: a pointer cannot reach it; use @${twin}`

/**
 * Whether a pointer can reach each ref named as `focus` (any role the read grouped): from a focused read, matched in
 * tree order per role; a ref whose group the page and the snapshot count differently is left out (unknown).
 */
export const reachOf = (tree: string, read: unknown, focus: ReachFocus): ReadonlyMap<string, boolean> => {
  const reach = new Map<string, boolean>()
  if (read === null || typeof read !== "object") return reach
  const refs = refsInOrder(tree)
  for (const [key, flags] of Object.entries(read as Record<string, unknown>)) {
    const [role, name] = key.split("\u0000")
    if (name !== norm(focus.name) || !Array.isArray(flags) || !flags.every((f) => typeof f === "boolean")) continue
    const same = refs.filter((r) => r.role === role && norm(r.name) === name)
    if (same.length === flags.length) same.forEach((r, i) => reach.set(r.ref, flags[i] === true))
  }
  return reach
}
