/**
 * The few fields of upstream `data` payloads the tool reads to decide something (where a page ended up, which refs a
 * snapshot allocated, which tabs exist, what a probe `eval` returned). Each schema names only what is read, and
 * excess fields are ignored, so a newer upstream that adds fields still decodes; a payload of the wrong shape decodes
 * to `undefined`, exactly as the field being absent. The payloads themselves stay open (`data: unknown`).
 */
import * as Option from "effect/Option"
import * as Predicate from "effect/Predicate"
import * as Schema from "effect/Schema"
import { optional } from "./exactOptional.js"

/** `open`/`goto`/`click` replies: the URL the command reports the page at. */
export const UrlReply = Schema.Struct({ url: Schema.String })
/** `wait --download` / `download` replies: where the file was saved. */
export const PathReply = Schema.Struct({ path: Schema.String })
/** `snapshot` replies: the page the refs came from. */
export const OriginReply = Schema.Struct({ origin: Schema.String })

const textOf = (entry: unknown, key: "role" | "name"): string =>
  String((Predicate.isRecord(entry) ? entry[key] : undefined) ?? "")

/** One ref of a snapshot; role and name read as text, whatever upstream sent (a missing one is ""). */
export const RefEntry = Schema.transform(Schema.Unknown, Schema.Struct({ role: Schema.String, name: Schema.String }), {
  strict: true,
  decode: (entry) => ({ role: textOf(entry, "role"), name: textOf(entry, "name") }),
  encode: (info) => info
})

/** `snapshot` replies: the refs it allocated, by id. */
export const SnapshotRefs = Schema.Struct({ refs: Schema.Record({ key: Schema.String, value: RefEntry }) })
/** `snapshot` replies: the tree as text (`--delta` answers an object instead, which does not decode). */
export const SnapshotText = Schema.Struct({ snapshot: Schema.String })

/** A click's reply: what it clicked (the selector or ref as given). */
export const ClickedReply = Schema.Struct({ clicked: Schema.String })

/** `tab list` replies: the open tabs; rows stay loose because a row with an odd field is skipped, not fatal. */
export const TabList = Schema.Struct({
  tabs: Schema.Array(
    Schema.Struct({
      tabId: optional(Schema.Unknown),
      targetId: optional(Schema.Unknown),
      title: optional(Schema.Unknown),
      url: optional(Schema.Unknown),
      active: optional(Schema.Unknown)
    })
  )
})

/** `tab <id>`: the tab it selected. */
export const TabSelected = Schema.Struct({ tabId: Schema.String, title: optional(Schema.String), url: Schema.String })

/** A batch `eval` row's result: the object the evaluated expression returned. */
export const EvalResult = Schema.Struct({ result: Schema.Record({ key: Schema.String, value: Schema.Unknown }) })

/** Decodes `data` with `schema` and reads one field of it; undefined when the payload does not have that shape. */
export const readPayload = <A, I, B>(schema: Schema.Schema<A, I>, data: unknown, field: (a: A) => B): B | undefined =>
  Option.getOrUndefined(Option.map(Schema.decodeUnknownOption(schema)(data), field))
