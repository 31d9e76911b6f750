/**
 * In-page role and accessible name, as the page scripts that match elements to a snapshot's role/name read them
 * (`clickRecorder.ts`'s recorder, `hiddenTwins.ts`'s read): `norm` (whitespace folded, lower case), `implicit` (the
 * role of a native control), `role` (explicit first) and `name` (aria-label, aria-labelledby, option label, labels'
 * text outside the control, then value or text). Page JavaScript, interpolated into each script; defines those four
 * `const`s.
 */
export const ROLE_NAME_SNIPPET: string = `
const norm = (s) => String(s || "").replace(/\\s+/g, " ").trim().toLowerCase();
const implicit = (e) => {
  const t = e.tagName;
  if (t === "OPTION") return "option";
  if (t === "A" && e.hasAttribute("href")) return "link";
  if (t === "BUTTON" || t === "SUMMARY") return "button";
  if (t !== "INPUT") return "";
  const y = String(e.type).toLowerCase();
  return y === "checkbox" || y === "radio" ? y : ["button", "submit", "reset", "image"].includes(y) ? "button" : "";
};
const role = (e) => (e.getAttribute("role") || "").trim().split(/\\s+/)[0] || implicit(e);
const name = (e) => {
  const l = e.getAttribute("aria-label");
  if (l) return norm(l);
  const by = e.getAttribute("aria-labelledby");
  if (by) return norm(by.split(/\\s+/).map((id) => (document.getElementById(id) || {}).textContent || "").join(" "));
  if (e.tagName === "OPTION") return norm(e.label || e.textContent);
  // a label's text without the control's own (a select inside its label would add every option's text)
  const outside = (x) =>
    [...x.childNodes].map((n) => (n === e ? "" : n.nodeType === 1 ? outside(n) : n.textContent)).join("");
  if (e.labels && e.labels.length) return norm([...e.labels].map(outside).join(" "));
  return norm(e.tagName === "INPUT" ? e.value || e.title : e.textContent || e.title);
};`
