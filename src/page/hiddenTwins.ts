/**
 * Hidden twins: widget libraries (Choices.js, Tom Select, ...) keep the native `<select>` they replace in the page,
 * hidden or drawn over, so `snapshot -i` can list `option "France"` twice: the native one first, which a click
 * cannot reach, and the widget's own. One read-only eval in the snapshot's batch groups the page's controls by role
 * and name and says which of each repeated group a pointer can reach (hit-testable: the element, or what covers its
 * centre, is itself or inside it); the snapshot's refs of that role and name, in tree order, are matched to them.
 * A ref that cannot be reached while a twin can is marked `hidden` with that twin. When the counts differ, nothing
 * is marked. Pure: the expression and the matching.
 */

/** Roles whose repeated names are checked (what a model clicks or checks by ref). */
export const TWIN_ROLES = ["option", "button", "link", "checkbox", "radio", "menuitem", "tab", "switch", "treeitem"] as const

/** Groups reported at most (a page of many repeated names is not a widget duplicate). */
const MAX_GROUPS = 40

/**
 * The page's repeated role/name groups: `{ "option\u0000france": [false, true] }`, true where a pointer can reach
 * the element. Options of a closed native dropdown count as reachable when their `<select>` is.
 */
export const HIDDEN_TWINS_EXPRESSION = `(() => {
const norm = (s) => String(s || "").replace(/\\s+/g, " ").trim().toLowerCase();
const implicit = (e) => { const t = e.tagName; if (t === "OPTION") return "option"; if (t === "A" && e.hasAttribute("href")) return "link"; if (t === "BUTTON" || t === "SUMMARY") return "button"; if (t !== "INPUT") return ""; const y = String(e.type).toLowerCase(); return y === "checkbox" || y === "radio" ? y : ["button", "submit", "reset", "image"].includes(y) ? "button" : ""; };
const role = (e) => (e.getAttribute("role") || "").trim().split(/\\s+/)[0] || implicit(e);
const name = (e) => { const l = e.getAttribute("aria-label"); if (l) return norm(l); const by = e.getAttribute("aria-labelledby"); if (by) return norm(by.split(/\\s+/).map((id) => (document.getElementById(id) || {}).textContent || "").join(" ")); if (e.tagName === "OPTION") return norm(e.label || e.textContent); if (e.labels && e.labels.length) return norm([...e.labels].map((x) => x.textContent).join(" ")); return norm(e.tagName === "INPUT" ? e.value || e.title : e.textContent || e.title); };
const roles = new Set(${JSON.stringify(TWIN_ROLES)});
const reach = (e) => {
  if (e.tagName === "OPTION") { const s = e.closest("select"); if (s && !s.multiple && !(s.size > 1)) e = s; }
  const r = e.getBoundingClientRect();
  if (r.width < 1 || r.height < 1) return false;
  for (let a = e; a; a = a.parentElement) { const s = getComputedStyle(a); if (s.visibility === "hidden" || s.display === "none" || Number(s.opacity) === 0) return false; }
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return true;
  const hit = document.elementFromPoint(x, y);
  return hit !== null && (hit === e || e.contains(hit) || (hit.tagName === "OPTION" && e.contains(hit.closest("select"))));
};
const groups = new Map();
for (const e of document.querySelectorAll("option, a[href], button, summary, input, [role]")) {
  const r = role(e);
  if (!roles.has(r)) continue;
  const k = r + "\\u0000" + name(e);
  (groups.get(k) || groups.set(k, []).get(k)).push(e);
}
const out = {};
let n = 0;
for (const [k, els] of groups) {
  if (els.length < 2 || n >= ${MAX_GROUPS}) continue;
  const flags = els.map(reach);
  if (flags.every((f) => f) || flags.every((f) => !f)) continue;
  out[k] = flags; n++;
}
return out;
})()`

const REF_LINE = /^\s*- ([\w-]+)(?: "((?:[^"\\]|\\.)*)")?[^\n]*?[[ ]ref=(e\d+)[\],]/

const norm = (s: string) => s.replace(/\s+/g, " ").trim().toLowerCase()

/** The refs of an interactive snapshot text in tree order, with role and name. */
const refsInOrder = (tree: string): ReadonlyArray<{ ref: string; role: string; name: string }> =>
  tree.split("\n").flatMap((line) => {
    const m = REF_LINE.exec(line)
    if (m === null) return []
    let name = m[2] ?? ""
    try { name = JSON.parse(`"${name}"`) as string } catch { /* kept as printed */ }
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
