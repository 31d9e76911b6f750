/** The extension-managed session in a call's details: what the call did to it, and the session after it. */
import * as Schema from "effect/Schema"
import { optional } from "./exactOptional.js"
import { SessionMode } from "./ToolInput.js"

const Strings = Schema.Array(Schema.String)

/** What the call did to the extension-managed session (`details.managedSessionOutcome`). */
export const ManagedSessionOutcome = Schema.Struct({
  status: Schema.Literal("created", "replaced", "unchanged", "closed", "preserved", "abandoned"),
  sessionMode: SessionMode,
  attemptedSessionName: Schema.String,
  previousSessionName: Schema.String,
  currentSessionName: Schema.String,
  replacedSessionName: optional(Schema.String),
  activeBefore: Schema.Boolean,
  activeAfter: Schema.Boolean,
  succeeded: Schema.Boolean,
  summary: Schema.String
})

/** The wrapper-managed session after a call, for rebuilding state on reload/resume. */
export const ManagedSessionDetails = Schema.Struct({
  name: Schema.String,
  active: Schema.Boolean,
  generation: Schema.Number,
  launchFlags: Strings
})
