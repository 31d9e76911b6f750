/**
 * The `get text <css>` visibility check: which steps qualify (CSS selectors only: no refs, no locator engines, and
 * nothing that may carry a sensitive literal), the read-only probe that counts matches and their visibility, and the
 * hazards it reports (the first match is hidden while another is visible, or the selector is not unique). `body`
 * and `html` are unique by definition and never probed. Pure.
 */
import type { SelectorTextVisibility, TextCandidate } from "../schema/PageDiagnostics.js"
import { looksRandom } from "../redaction/credentialLike.js"
import { SECRET_FIELD } from "../redaction/secretPatterns.js"
import { parseCommandLine } from "../upstream/commandLine.js"

const CANDIDATE_LIMIT = 8
const PREVIEW_CHARS = 80

/** Refs and non-CSS locator engines: upstream does not read them with querySelectorAll. */
const NOT_CSS = /^(@|ref=|xpath=|text=|role=|label=|css=|\/\/|\(\/\/)/i

/** Selectors that can only ever match one element: nothing to check. */
const UNIQUE = new Set(["body", "html", ":root", "head"])

/** A selector whose literal could be a secret (a field's value, a token): never replayed in a probe or echoed. */
export const selectorMayExposeSensitiveLiteral = (selector: string): boolean =>
  SECRET_FIELD.test(selector) ||
  /\[\s*value\s*[~|^$*]?=/i.test(selector) ||
  [...selector.matchAll(/["']([^"']*)["']|=\s*([^\]\s"']+)/g)].some((m) => looksRandom(m[1] ?? m[2] ?? ""))

/** The CSS selector a successful `get text` step read, when it qualifies for the check. */
export const textSelectorOf = (argv: ReadonlyArray<string>): string | undefined => {
  const [command, sub, selector] = parseCommandLine(argv).positionals
  if (command !== "get" || sub !== "text" || selector === undefined || selector.trim() === "") return undefined
  const trimmed = selector.trim()
  return NOT_CSS.test(trimmed) || UNIQUE.has(trimmed.toLowerCase()) || selectorMayExposeSensitiveLiteral(selector)
    ? undefined
    : selector
}

/** Read-only: for each selector, match count, visibility of each match, and up to eight visible candidates. */
export const textVisibilityScript = (selectors: ReadonlyArray<string>): string => `((selectors) => {
const visible = (el) => {
  const checks = typeof el.checkVisibility === "function";
  if (checks && !el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
  const s = getComputedStyle(el);
  return s.display !== "none" && s.visibility !== "hidden" && Number(s.opacity) !== 0 && el.getClientRects().length > 0;
};
const preview = (el) => (el.innerText || el.textContent || "").replace(/\\s+/g, " ").trim().slice(0, ${PREVIEW_CHARS});
return selectors.map((selector) => {
  let nodes;
  try { nodes = Array.from(document.querySelectorAll(selector)); } catch (e) { return { selector, invalid: true }; }
  const shown = nodes.map((el, index) => ({ el, index })).filter((m) => visible(m.el));
  return { selector, matchCount: nodes.length, visibleCount: shown.length,
    firstMatchVisible: nodes.length > 0 && visible(nodes[0]),
    candidates: shown.slice(0, ${CANDIDATE_LIMIT}).map((m) => ({
      index: m.index, tagName: m.el.tagName.toLowerCase(), role: m.el.getAttribute("role") || undefined,
      textPreview: preview(m.el) || undefined
    })) };
});
})(${JSON.stringify(selectors)})`

const candidateOf = (v: unknown): TextCandidate | undefined => {
  if (v === null || typeof v !== "object") return undefined
  const r = v as Record<string, unknown>
  if (typeof r["index"] !== "number" || typeof r["tagName"] !== "string") return undefined
  return {
    index: r["index"],
    tagName: r["tagName"],
    ...(typeof r["role"] === "string" && r["role"] !== "" ? { role: r["role"] } : {}),
    ...(typeof r["textPreview"] === "string" && r["textPreview"] !== "" ? { textPreview: r["textPreview"] } : {})
  }
}

/** One selector's probe answer as a diagnostic, when it shows a hazard (more than one match). */
const hazardOf = (v: unknown, stepIndex: number | undefined): SelectorTextVisibility | undefined => {
  if (v === null || typeof v !== "object") return undefined
  const r = v as Record<string, unknown>
  const { selector, matchCount, visibleCount, firstMatchVisible } = r
  if (
    typeof selector !== "string" ||
    typeof matchCount !== "number" ||
    typeof visibleCount !== "number" ||
    typeof firstMatchVisible !== "boolean"
  )
    return undefined
  if (matchCount < 2) return undefined
  const candidates = (Array.isArray(r["candidates"]) ? r["candidates"] : [])
    .map(candidateOf)
    .filter((c): c is TextCandidate => c !== undefined)
  const hidden = !firstMatchVisible && visibleCount > 0
  return {
    selector,
    reason: hidden ? "first-match-hidden" : "multiple-matches",
    matchCount,
    visibleCount,
    firstMatchVisible,
    ...(candidates[0]?.textPreview !== undefined ? { firstVisibleTextPreview: candidates[0].textPreview } : {}),
    visibleCandidates: candidates,
    ...(stepIndex !== undefined ? { stepIndex } : {}),
    summary: hidden
      ? `${matchCount} matches; get text read the first, which is hidden (${visibleCount} visible).`
      : `${matchCount} matches (${visibleCount} visible); get text read the first.`
  }
}

/**
 * The probe's answer as diagnostics, hidden-first cases before plain ambiguity. `steps[i]` is the batch step index
 * of `selectors[i]` (undefined for a standalone call).
 */
export const textVisibilityOf = (
  result: unknown,
  steps: ReadonlyArray<number | undefined>
): ReadonlyArray<SelectorTextVisibility> => {
  if (!Array.isArray(result)) return []
  const found = result.map((v, i) => hazardOf(v, steps[i])).filter((d): d is SelectorTextVisibility => d !== undefined)
  return [
    ...found.filter((d) => d.reason === "first-match-hidden"),
    ...found.filter((d) => d.reason === "multiple-matches")
  ]
}

/** Selectors the probe's `querySelectorAll` refused as not CSS (upstream reads them as no element, an empty text). */
export const invalidSelectorsOf = (result: unknown): ReadonlyArray<string> =>
  Array.isArray(result)
    ? result.flatMap((v) => {
        const r = (v ?? {}) as Record<string, unknown>
        return r["invalid"] === true && typeof r["selector"] === "string" ? [r["selector"]] : []
      })
    : []
