/**
 * How agent_browser calls and results look in pi's TUI: the input mode and the compiled upstream command on the call
 * line; the outcome (failure category first) on the result line, collapsed by default, the full text when expanded.
 * Display only: the model-facing content is never touched. Pure string builders plus a minimal Component.
 * Effect-free, so the thin pi entry can render before the service graph is loaded; the semanticAction compiler is
 * passed in (`render.ts` binds the real one).
 */
import { redactArgs } from "../redaction/redactArgs.js"
import { type RenderTheme, resultView, type ResultLike, type ViewOptions } from "./resultView.js"
import { wrapText } from "./wrapText.js"

export type { RenderTheme } from "./resultView.js"

/** pi's Component: the text wrapped to the terminal's width (ANSI-aware), as pi's own tools do. */
export const textComponent = (text: string) => ({
  render: (width: number): Array<string> => wrapText(text, width),
  invalidate: () => undefined
})

/**
 * The upstream argv a (possibly still streaming) semanticAction compiles to, redacted; undefined when it does not
 * compile.
 */
export type SemanticCompiler = (semanticAction: Record<string, unknown>) => ReadonlyArray<string> | undefined

const quote = (s: string) => (/\s/.test(s) ? JSON.stringify(s) : s)

/**
 * One job step as the model wrote it: its action and target (`click #save`, `assertUrl /done/`, `open http://…`);
 * typed values are left out (they may be secrets), expected text is shown.
 */
/** `label="Email"`: a semantic locator and its value (or role), quoted. */
const locatorText = (step: Record<string, unknown>): string =>
  `${String(step["locator"])}=${quote(String(step["value"] ?? step["role"] ?? ""))}`

const stepText = (step: Record<string, unknown> | undefined): string => {
  if (step === undefined || step === null) return "?"
  const action = String(step["action"] ?? "?")
  const locator =
    step["locator"] !== undefined
      ? `${locatorText(step)}${step["name"] !== undefined ? ` ${quote(String(step["name"]))}` : ""}`
      : undefined
  const target =
    step["url"] ??
    step["selector"] ??
    locator ??
    step["path"] ??
    (action === "press" ? (step["press"] ?? step["value"]) : undefined)
  const expected =
    action === "assertText" || action === "wait"
      ? step["text"]
      : action === "assertUrl"
        ? (step["url"] ?? step["value"])
        : undefined
  const parts = [
    action,
    ...(target !== undefined && action !== "assertUrl" ? [quote(String(target))] : []),
    ...(expected !== undefined ? [quote(String(expected))] : [])
  ]
  return redactArgs(parts).args.join(" ")
}

/** `args`, `semanticAction`, `job` or `qa`, and what it runs, with secrets redacted. */
export const renderCallTextWith =
  (compiledArgs: SemanticCompiler) =>
  (params: Record<string, unknown>, theme: RenderTheme): string => {
    const title = theme.fg("toolTitle", theme.bold("agent_browser"))
    const mode = (name: string) => theme.fg("accent", name)
    if (Array.isArray(params["args"])) {
      const args = redactArgs((params["args"] as Array<unknown>).map(String)).args
      const fresh = params["sessionMode"] === "fresh" ? ` ${mode("(fresh session)")}` : ""
      return `${title} ${args.map(quote).join(" ")}${fresh}`
    }
    const sa = params["semanticAction"] as Record<string, unknown> | undefined
    if (sa !== undefined) {
      const compiled = compiledArgs(sa)
      if (compiled !== undefined) return `${title} ${mode("semanticAction")} → ${compiled.map(quote).join(" ")}`
      const target =
        sa["selector"] !== undefined
          ? String(sa["selector"])
          : sa["locator"] !== undefined
            ? `${locatorText(sa)}${sa["name"] !== undefined ? ` name=${quote(String(sa["name"]))}` : ""}`
            : "…"
      return `${title} ${mode("semanticAction")} ${String(sa["action"])} ${target}`
    }
    const job = params["job"] as Record<string, unknown> | undefined
    if (job !== undefined) {
      const steps: ReadonlyArray<Record<string, unknown>> = Array.isArray(job["steps"]) ? job["steps"] : []
      return `${title} ${mode("job")} ${steps.length} steps: ${steps.map(stepText).join(" → ")}`
    }
    const qa = params["qa"] as Record<string, unknown> | undefined
    if (qa !== undefined)
      return `${title} ${mode("qa")} ${qa["attached"] === true ? "current page" : String(qa["url"] ?? "")}`
    return title
  }

/** The result line(s): a headline in the person's words, the first next step of a failure, the whole text expanded. */
export const renderResultText = (result: ResultLike, options: ViewOptions, theme: RenderTheme): string =>
  resultView(result, options, theme)
