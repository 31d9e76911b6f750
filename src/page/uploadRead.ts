/**
 * `upload <css> <files…>` with the page's own reads around it, in one upstream batch that stops at its first failed
 * step. Before it: a target that is no file input (a page's styled "Choose file" button) is refused with the page's
 * file inputs named, and the upload is never sent (upstream answers `Node is not a file input element`). After it:
 * the names the input now holds, so a text that names files the page did not take is not said: an input without
 * `multiple` keeps one of two files while upstream 0.41.2 answers success (seen on the raw binary; found by
 * bench:cases inputs.upload-two-into-single). A ref names no element page script can find: left as it was. Pure.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import type { StepRow } from "../domain/Outcome.js"
import { refIdOf } from "../domain/RefSnapshot.js"
import { UpstreamFailed } from "../schema/ToolError.js"
import { throwValueStatement } from "../upstream/wire.js"
import { evalResultOf } from "./namingReads.js"

/** `UpstreamFailed.code` of an upload the tool refused: its target is no file input. */
export const UPLOAD_REFUSED = "upload-refused"

export interface UploadTarget {
  readonly selector: string
  readonly files: ReadonlyArray<string>
}

/** `upload <css> <files…>`: its target and files; undefined for a ref or any other command line. */
export const uploadTargetOf = (positionals: ReadonlyArray<string>): UploadTarget | undefined => {
  const [command, selector, ...rest] = positionals
  const files = rest.filter((f) => !f.startsWith("--"))
  if (command !== "upload" || selector === undefined || files.length === 0) return undefined
  return refIdOf(selector) !== undefined ? undefined : { selector, files }
}

const find = (css: string): string =>
  `let el = null; try { el = document.querySelector(${JSON.stringify(css)}) } catch (e) { return true }`

/** The before-step: throws `{notFileInput: {tag, inputs}}` (the page's file inputs, at most 3) for another element. */
export const uploadBeforeScript = (css: string): string => `(() => {
  ${find(css)}
  if (el === null || (el.tagName === "INPUT" && String(el.type).toLowerCase() === "file")) return true;
  const named = (e) => e.name ? 'input[type=file][name="' + e.name + '"]' : "input[type=file]";
  const path = (e) => e.id ? "#" + CSS.escape(e.id) : named(e);
  const inputs = [...document.querySelectorAll("input[type=file]")].slice(0, 3).map((e) => path(e));
  ${throwValueStatement("{ notFileInput: { tag: el.tagName.toLowerCase(), inputs } }")};
})()`

/** The after-step: the names the input holds (at most 20), their count, and whether it takes several. */
export const uploadReadScript = (css: string): string => `(() => {
  ${find(css)}
  if (el === null || !el.files) return null;
  return { names: [...el.files].slice(0, 20).map((f) => f.name), count: el.files.length, multiple: el.multiple };
})()`

/** What the input holds after the upload, as the after-step read it. */
export const UploadHeld = Schema.Struct({
  names: Schema.Array(Schema.String),
  count: Schema.Number,
  multiple: Schema.Boolean
})
export type UploadHeld = typeof UploadHeld.Type
const Thrown = Schema.Struct({
  notFileInput: Schema.Struct({ tag: Schema.String, inputs: Schema.Array(Schema.String) })
})

export const uploadProbeRows = (upload: UploadTarget) => ({
  before: [["eval", uploadBeforeScript(upload.selector)]],
  after: [["eval", uploadReadScript(upload.selector)]]
})

const refusal = (upload: UploadTarget, found: typeof Thrown.Type.notFileInput): UpstreamFailed => {
  const there =
    found.inputs.length === 0
      ? "The page has no file input in its document (it may open its own picker: click it and take a snapshot)."
      : found.inputs.length === 1
        ? `The page's file input: ${found.inputs[0]} (it may be hidden); upload to it instead.`
        : `The page's file inputs: ${found.inputs.join(", ")} (they may be hidden); upload to one of them instead.`
  return new UpstreamFailed({
    code: UPLOAD_REFUSED,
    stderr: "",
    exitCode: null,
    detail:
      `${upload.selector} is a <${found.tag}>, not a file input: nothing was uploaded (the upload was not sent). ` +
      there
  })
}

/** The refusal from the before-step's row (it threw), or the names the input holds from the row after the upload. */
export const uploadOutcomeOf = (
  upload: UploadTarget,
  rows: ReadonlyArray<StepRow>,
  at: number
): { readonly refused?: UpstreamFailed; readonly held?: UploadHeld } => {
  const guard = rows[at - 1]
  if (guard !== undefined && !guard.success) {
    const thrown = Schema.decodeUnknownOption(Thrown)(guard.thrown)
    return Option.isSome(thrown) ? { refused: refusal(upload, thrown.value.notFileInput) } : {}
  }
  const held = Schema.decodeUnknownOption(UploadHeld)(evalResultOf(rows[at + 1]))
  return Option.isSome(held) ? { held: held.value } : {}
}

/** An upload's reply data with the names its input holds (`held`), read after it; as it was when none was read. */
export const withUploadHeld = (data: unknown, uploaded: { readonly held?: UploadHeld } | undefined): unknown =>
  uploaded?.held !== undefined && typeof data === "object" && data !== null ? { ...data, held: uploaded.held } : data

/** A file's name from its path (the name a file input gives it). */
const baseName = (path: string): string => path.split(/[\\/]/).at(-1) ?? path

/**
 * The words for an upload whose input holds other files than were sent (undefined when it holds them all): a single
 * file input keeps one, so the others were not attached.
 */
export const uploadHeldText = (target: string, files: ReadonlyArray<string>, held: UploadHeld): string | undefined => {
  const sent = files.map(baseName)
  if (held.count === sent.length && sent.every((n) => held.names.includes(n))) return undefined
  const left = files.filter((f) => !held.names.includes(baseName(f)))
  const takes = held.multiple ? "" : " it takes one file (no multiple attribute), so"
  const holds = held.count === 0 ? "it holds no file" : `it holds only ${held.names.join(", ")}`
  return (
    `Uploaded ${held.count} of ${files.length} files to ${target}:${takes} ${holds}; not attached: ` +
    `${left.join(", ")}.`
  )
}
