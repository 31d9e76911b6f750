/**
 * The errors of a target that could not be acted on, as one upstream reply (or the wrapper's check before it) is
 * classified: a stale `@eN` ref, a selector with no (reachable) match, a selector upstream cannot parse. Part of
 * `ReplyErrors.ts`'s vocabulary, re-exported by `ToolError.ts`; `message` is derived from the fields.
 */
import * as Schema from "effect/Schema"
import { optional } from "./exactOptional.js"

/** What an `@eN` ref showed in the last snapshot. */
const RefCandidate = Schema.Struct({ ref: Schema.String, role: Schema.String, name: Schema.String })

/**
 * Why a ref is stale. `upstream`: upstream said so; the rest the wrapper knew before asking: the ref is not in the
 * latest snapshot (`not-in-snapshot`), the page navigated since (`navigated`) or is another page now (`page-moved`),
 * the daemon restarted (`daemon-restarted`), the last snapshot found no active page (`no-active-page`), its browser or
 * attached browser is gone (`browser-gone`, `attached-browser-gone`), another tab took the focus (`focus-moved`), or an
 * earlier batch step may have changed the page (`after-page-change`).
 */
export const StaleRefReason = Schema.Literal(
  "upstream",
  "not-in-snapshot",
  "navigated",
  "page-moved",
  "daemon-restarted",
  "no-active-page",
  "browser-gone",
  "attached-browser-gone",
  "focus-moved",
  "after-page-change"
)

/**
 * A `@eN` ref that no longer names an element (navigation, rerender, or a new daemon): upstream said so
 * (`upstreamMessage`), or the wrapper's preflight knew before asking (`detail`); `reason` says which case it is.
 * `batchStep` (1-based) names the batch step whose ref it was.
 */
export class StaleRef extends Schema.TaggedError<StaleRef>()("StaleRef", {
  ref: Schema.String,
  reason: StaleRefReason,
  upstreamMessage: optional(Schema.String),
  detail: optional(Schema.String),
  batchStep: optional(Schema.Number),
  /** A ref of the same role and name a pointer can reach, from the latest snapshot: the retry that makes progress. */
  twin: optional(RefCandidate)
}) {
  get source(): "upstream" | "preflight" {
    return this.upstreamMessage !== undefined ? "upstream" : "preflight"
  }
  override get message(): string {
    return (
      `${this.batchStep !== undefined ? `batch step ${this.batchStep}: ` : ""}` +
      `${this.upstreamMessage ?? this.detail ?? ""}`
    )
  }
}

/**
 * A selector that reached no element the action could act on. `reason`: nothing matched (`no-match`), the match is
 * hidden (`hidden`), a locator's first match (the one upstream acts on) is hidden (`first-match-hidden`), the latest
 * snapshot proved a ref unreachable by a pointer while a twin is reachable (`unreachable-ref`, said in `detail`, the
 * twin in `fallback`), a role/name click or check none of whose matches a pointer can reach while controls of that
 * name can (`unreachable-match`, found before anything ran: the first match in `hiddenMatch`, those controls in
 * `fallback`), or a `select` target is not a native `<select>` (`not-native-select`). `fallback` lists current refs
 * that exactly match the intended target.
 */
export class SelectorNotFound extends Schema.TaggedError<SelectorNotFound>()("SelectorNotFound", {
  selector: Schema.String,
  reason: Schema.Literal(
    "no-match",
    "hidden",
    "first-match-hidden",
    "unreachable-ref",
    "unreachable-match",
    "not-native-select"
  ),
  upstreamMessage: optional(Schema.String),
  detail: optional(Schema.String),
  /** The action a hidden first match would not receive (`first-match-hidden`). */
  action: optional(Schema.String),
  /** The values upstream said it selected on an element that is not a native select (`not-native-select`). */
  values: optional(Schema.Array(Schema.String)),
  fallback: optional(Schema.Struct({ action: Schema.String, refs: Schema.Array(RefCandidate) })),
  candidates: optional(Schema.Array(Schema.Struct({ role: Schema.Literal("button", "link"), name: Schema.String }))),
  /** How long the command waited for its target before giving up (absent: it did not wait). */
  readinessWaitMs: optional(Schema.Number),
  /** The hidden first match as a fresh snapshot lists it (`first-match-hidden`; a pointer cannot reach it). */
  hiddenMatch: optional(RefCandidate)
}) {
  override get message(): string {
    switch (this.reason) {
      case "first-match-hidden":
        return (
          `The first element matching ${this.selector !== "" ? this.selector : "the locator"} is hidden, so the ` +
          `${this.action ?? "action"} would not reach it (upstream acts on the first match).`
        )
      case "unreachable-match":
        return (
          `No element matching ${this.selector} can be reached by a pointer (a fresh snapshot -i and a hit ` +
          `test), so the ${this.action ?? "action"} was not run.`
        )
      case "not-native-select":
        return (
          `${this.selector} is not a native <select>, so select changed nothing (upstream still answered ` +
          `Selected ${JSON.stringify(this.values ?? [])}). ` +
          "For a custom combobox: click it to open its list, take snapshot -i, then click the option's ref (or " +
          "type and press Enter)."
        )
      default:
        return this.upstreamMessage ?? this.detail ?? ""
    }
  }
}

/**
 * A selector upstream cannot use. `reason`: a dialect it does not support (Playwright `text=`, `:has-text()`, ...; its
 * words in `upstreamMessage`), or not a selector at all (`invalid-css`: the page's `querySelectorAll` refused it as
 * CSS, which upstream read as no element).
 */
export class SelectorUnsupported extends Schema.TaggedError<SelectorUnsupported>()("SelectorUnsupported", {
  selector: Schema.String,
  reason: Schema.Literal("dialect", "invalid-css"),
  upstreamMessage: optional(Schema.String)
}) {
  override get message(): string {
    return this.reason === "invalid-css" ? `${this.selector} is not a valid CSS selector` : (this.upstreamMessage ?? "")
  }
}
