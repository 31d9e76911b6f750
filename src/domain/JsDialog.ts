/**
 * A JavaScript dialog (`alert`, `confirm`, `prompt`) an action opened, as the page noted it (page/actionWatches.ts).
 */
export interface JsDialog {
  readonly type: "alert" | "confirm" | "prompt"
  readonly message: string
  /** How it was answered; absent while it is still open (a confirm or prompt waiting for `dialog accept|dismiss`). */
  readonly answer?: "accepted" | "dismissed"
}
