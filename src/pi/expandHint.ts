/** pi's expand hint for tool results, as its built-in tools show it (`ctrl+o to expand`). */
import type { RenderTheme } from "./resultView.js"

/**
 * The part of pi's render context the result views read (`keyHint` exists from pi 1.x; 0.87 binds expand to ctrl+o).
 */
export interface RenderContext {
  readonly args?: Record<string, unknown>
  readonly keyHint?: (keybinding: string, description: string) => string
}

/** pi's own hint, with the person's key binding where pi can tell it. */
export const expandHint = (theme: RenderTheme, context: RenderContext | undefined): string =>
  context?.keyHint?.("app.tools.expand", "to expand") ??
  `${theme.fg("dim", "ctrl+o")}${theme.fg("muted", " to expand")}`
