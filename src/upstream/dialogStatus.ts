/**
 * Upstream's `dialog status` reply (`{hasDialog:false}` or `{hasDialog:true, type, message, defaultPrompt}`), its
 * words for a dialog blocking the page, and how long a command upstream runs waits on a page a dialog holds: its CDP
 * commands time out after about 30 s (a key whose keydown opened a confirm: "CDP command timed out:
 * Input.dispatchKeyEvent"), and the session answers nothing else until then (0.41, checked by hand). Pure.
 */

/** Upstream's own timeout for one CDP command; a command the page holds ends then, and the session answers again. */
export const UPSTREAM_CDP_TIMEOUT_MS = 30_000

/** The dialog `dialog status` says is open; undefined when it says none (or the reply is not that shape). */
export interface OpenDialog {
  readonly type: string
  readonly message: string | undefined
}

export const openDialogOf = (data: unknown): OpenDialog | undefined => {
  if (data === null || typeof data !== "object") return undefined
  const { hasDialog, type, message } = data as { hasDialog?: unknown; type?: unknown; message?: unknown }
  if (hasDialog !== true) return undefined
  return {
    type: typeof type === "string" && type !== "" ? type : "JavaScript",
    message: typeof message === "string" ? message : undefined
  }
}

/** Upstream's words for it, as its refusals and warnings begin (classifyErrorText's `mentionsBlockingDialog`). */
export const blockingDialogWords = (dialog: OpenDialog): string => {
  const message = dialog.message !== undefined ? `: "${dialog.message}"` : ""
  return `A JavaScript ${dialog.type} dialog is blocking the page${message}`
}
