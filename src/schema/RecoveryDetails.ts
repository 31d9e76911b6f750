/**
 * What the tool recovered on its own around a fault (`details.recovery`), stated once with the line the model reads:
 * a lost browser started again with the same launch flags, a hung navigation stopped, a browser that no longer
 * answered ended so the next call starts a new one, an attached browser that is gone. Contract shape.
 */
import * as Schema from "effect/Schema"

export const RecoveryKind = Schema.Literal(
  /** The session's browser was lost since the last call; this page-independent command ran in a new one. */
  "browser-relaunched",
  /** A navigation that never answered was stopped in the browser; the session answers again. */
  "navigation-stopped",
  /**
   * The session's browser still did not answer after its navigation was stopped: it was ended, the next call starts a
   * new one.
   */
  "browser-ended",
  /**
   * A command that held the session while its page answered (an `eval` awaiting a promise that never settles) was
   * ended by reloading the page; the browser, tabs, cookies and refs are kept.
   */
  "command-ended",
  /** Not a recovery: what was checked after a timeout (no navigation pending, the page answered); nothing stopped. */
  "session-checked",
  /**
   * The attached (CDP) browser or its tab is gone; this page-independent command ran in what the endpoint offers now.
   */
  "attached-browser-replaced",
  /**
   * Not a recovery: the process table could not be read, so a lost browser would go unnoticed (said once per session).
   */
  "loss-not-checked"
)
export type RecoveryKind = typeof RecoveryKind.Type

export const RecoveryDetails = Schema.Struct({
  kind: RecoveryKind,
  /** The one line the model reads (after `Recovered: `, `Checked: ` for `session-checked`, or `Not checked: ` for
   * `loss-not-checked`). */
  summary: Schema.String,
  /** How long the recovery took inside this call. */
  durationMs: Schema.optionalWith(Schema.Number, { exact: true })
})
export type Recovery = typeof RecoveryDetails.Type
