/**
 * How agent_browser calls and results look in pi's TUI: the input mode and the compiled upstream command on the call
 * line; the outcome (failure category first) on the result line, collapsed by default, the full text when expanded.
 * Display only: the model-facing content is never touched. Pure string builders plus a minimal Component.
 * Effect-free, so the thin pi entry can render before the service graph is loaded; the semanticAction compiler is
 * passed in (`render.ts` binds the real one).
 */
import { redactArgs } from "../redaction/redactArgs.js"
import type { ToolDetails } from "../schema/ToolDetails.js"

/** The part of pi's Theme the renderers use. */
export interface RenderTheme {
  readonly fg: (color: "accent" | "success" | "error" | "warning" | "muted" | "dim" | "toolTitle" | "toolOutput", text: string) => string
  readonly bold: (text: string) => string
}

/** Lines shown when a result is expanded; the rest is in the transcript the model read. */
export const EXPANDED_LINES = 60

const ANSI = /\x1b\[[0-9;]*m/g

/** pi's Component: lines for a width, cut (not wrapped) to the width, ANSI-aware. */
export const textComponent = (text: string) => ({
  render: (width: number): Array<string> =>
    text.split("\n").map((line) => {
      if (line.replace(ANSI, "").length <= width) return line
      let visible = 0
      let out = ""
      for (const part of line.split(/(\x1b\[[0-9;]*m)/)) {
        if (part.startsWith("\x1b[")) out += part
        else {
          const room = Math.max(width - 1 - visible, 0)
          out += part.slice(0, room)
          visible += Math.min(part.length, room)
        }
      }
      return `${out}…\x1b[0m`
    }),
  invalidate: () => undefined
})

/** The upstream argv a (possibly still streaming) semanticAction compiles to, redacted; undefined when it does not compile. */
export type SemanticCompiler = (semanticAction: Record<string, unknown>) => ReadonlyArray<string> | undefined

const quote = (s: string) => (/\s/.test(s) ? JSON.stringify(s) : s)

/** `args`, `semanticAction`, `job` or `qa`, and what it runs, with secrets redacted. */
export const renderCallTextWith = (compiledArgs: SemanticCompiler) => (params: Record<string, unknown>, theme: RenderTheme): string => {
  const title = theme.fg("toolTitle", theme.bold("agent_browser"))
  const mode = (name: string) => theme.fg("accent", name)
  if (Array.isArray(params["args"])) {
    const args = redactArgs((params["args"] as Array<unknown>).map(String)).args
    return `${title} ${args.map(quote).join(" ")}${params["sessionMode"] === "fresh" ? ` ${mode("(fresh session)")}` : ""}`
  }
  const sa = params["semanticAction"] as Record<string, unknown> | undefined
  if (sa !== undefined) {
    const compiled = compiledArgs(sa)
    if (compiled !== undefined) return `${title} ${mode("semanticAction")} ${compiled.map(quote).join(" ")}`
    const target = sa["selector"] !== undefined
      ? String(sa["selector"])
      : sa["locator"] !== undefined
      ? `${String(sa["locator"])}=${quote(String(sa["value"] ?? sa["role"] ?? ""))}${sa["name"] !== undefined ? ` name=${quote(String(sa["name"]))}` : ""}`
      : "…"
    return `${title} ${mode("semanticAction")} ${String(sa["action"])} ${target}`
  }
  const job = params["job"] as Record<string, unknown> | undefined
  if (job !== undefined) {
    const steps: ReadonlyArray<Record<string, unknown>> = Array.isArray(job["steps"]) ? job["steps"] : []
    return `${title} ${mode("job")} ${steps.length} steps: ${steps.map((s) => String(s?.["action"])).join(" → ")}`
  }
  const qa = params["qa"] as Record<string, unknown> | undefined
  if (qa !== undefined) return `${title} ${mode("qa")} ${qa["attached"] === true ? "current page" : String(qa["url"] ?? "")}`
  return title
}

/** One outcome line (failure category first), then the text when expanded. */
export const renderResultText = (
  result: { readonly content: ReadonlyArray<{ readonly type: string; readonly text?: string }>; readonly details?: unknown },
  options: { readonly expanded: boolean; readonly isPartial: boolean },
  theme: RenderTheme
): string => {
  const text = result.content.filter((c) => c.type === "text").map((c) => c.text ?? "").join("\n")
  if (options.isPartial) return theme.fg("dim", text.split("\n")[0] ?? "")
  const d = (result.details ?? {}) as Partial<ToolDetails>
  const images = result.content.filter((c) => c.type === "image").length
  const head = d.resultCategory === "failure"
    ? theme.fg("error", `✗ ${d.failureCategory ?? "failure"}: ${d.summary ?? text.split("\n")[0] ?? ""}`)
    : `${theme.fg("success", "✓")} ${d.summary ?? text.split("\n")[0] ?? ""}${d.successCategory !== undefined && d.successCategory !== "completed" ? theme.fg("muted", ` (${d.successCategory})`) : ""}${images > 0 ? theme.fg("muted", ` [${images} image]`) : ""}`
  if (!options.expanded) return head
  const lines = text.split("\n")
  const body = lines.slice(0, EXPANDED_LINES).map((l) => theme.fg("toolOutput", l)).join("\n")
  return `${head}\n${body}${lines.length > EXPANDED_LINES ? `\n${theme.fg("muted", `… ${lines.length - EXPANDED_LINES} more lines`)}` : ""}`
}
