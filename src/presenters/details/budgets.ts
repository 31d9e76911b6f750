/** Byte budgets for what the model reads and what pi persists. Each has its reason. */

/** Largest inline text result: keeps one call well under pi's 50 KB tool-output cap and the model's attention. */
export const INLINE_TEXT_BYTES = 16 * 1024
/** Head kept inline when a result spills: enough to act on, with the full text one read away. */
export const PREVIEW_TEXT_BYTES = 12 * 1024
/** Largest `details.data` persisted per call: pi stores details in the session file on every call. */
export const DETAILS_DATA_BYTES = 4 * 1024
/** Largest screenshot attached inline (raw bytes; base64 adds a third). Bigger images are reported by path. */
export const INLINE_IMAGE_BYTES = 2 * 1024 * 1024
/** stderr kept in details. */
export const DETAILS_STDERR_BYTES = 2 * 1024

export const byteLength = (s: string): number => Buffer.byteLength(s, "utf8")

/** Cuts `text` to at most `max` UTF-8 bytes at a line boundary when one is near. */
export const headBytes = (text: string, max: number): string => {
  const buf = Buffer.from(text, "utf8")
  if (buf.length <= max) return text
  let cut = buf
    .subarray(0, max)
    .toString("utf8")
    .replace(/\uFFFD$/, "")
  const nl = cut.lastIndexOf("\n")
  if (nl > max * 0.8) cut = cut.slice(0, nl)
  return cut
}
