/**
 * Eval results that look like a common scripting mistake, judged from the script and upstream's reply alone (no
 * extra process): a function-shaped script whose result is `{}` (the function was returned, not called), a script
 * of statements whose value is `undefined` (nothing was returned), and a `null` result on a `file:` page (often
 * inconclusive there). Heuristics, not a parser. Pure.
 */
import type { EvalHint } from "../schema/PageDiagnostics.js"

/** `function …`, `async function …`, `(…) =>`, `name =>` and their async forms. */
const FUNCTION_SHAPED = /^(async\s+)?(function\b|\([^()]*\)\s*=>|[A-Za-z_$][\w$]*\s*=>)/

export const looksFunctionShaped = (script: string): boolean => FUNCTION_SHAPED.test(script.trim())

const isPlainEmptyObject = (v: unknown): boolean =>
  v !== null && typeof v === "object" && !Array.isArray(v) && Object.keys(v).length === 0

/** A script that declares, assigns or logs: its completion value is usually `undefined`. */
const STATEMENTS = /^(const|let|var|function|class|if|for|while|try)\b|console\.\w+\(|;\s*$/

const trivial = (script: string): boolean =>
  ["", "null", "undefined", "void 0"].includes(script.trim().replace(/;$/, "").trim())

const fields = (data: unknown): Record<string, unknown> =>
  data !== null && typeof data === "object" ? (data as Record<string, unknown>) : {}

/** `evalStdinHint`: the result says the script returned a function object, or nothing at all. */
export const evalStdinHintOf = (script: string, data: unknown): EvalHint | undefined => {
  const d = fields(data)
  if (looksFunctionShaped(script) && isPlainEmptyObject(d["result"])) {
    return {
      reason: "A function-shaped script gave {}: the function itself was returned, not called.",
      suggestion: "Call it, e.g. (() => ({ title: document.title }))(), or pass an expression."
    }
  }
  if (
    d["result"] === null &&
    d["unserializable"] === "undefined" &&
    !trivial(script) &&
    STATEMENTS.test(script.trim())
  ) {
    return {
      reason: "The script ends in a statement, so its result is undefined (console.log output is not the result).",
      suggestion: "End with an expression, e.g. (() => { const t = document.title; return t })()."
    }
  }
  return undefined
}

/** `evalResultWarning`: a strict `null` for a non-trivial script on a `file:` page. */
export const evalResultWarningOf = (
  script: string,
  data: unknown,
  pageUrl: string | undefined
): EvalHint | undefined => {
  const d = fields(data)
  const url = typeof d["origin"] === "string" && d["origin"] !== "" ? d["origin"] : pageUrl
  if (
    url === undefined ||
    !url.startsWith("file:") ||
    d["result"] !== null ||
    d["unserializable"] !== undefined ||
    trivial(script)
  )
    return undefined
  return {
    reason: "eval returned null on a file:// page, which is often inconclusive there.",
    suggestion: "Verify with snapshot -i, get text @ref or a screenshot, or serve the page over http(s)."
  }
}
