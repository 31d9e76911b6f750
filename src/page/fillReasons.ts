/**
 * Why a fill's field does not hold the typed text, in words (fillReadback.ts reads the field; this names the reason):
 * the text went into another field, a rich editor added it to its text, a disabled, read-only or native date field,
 * a maxlength that cut it (said with the start it kept: the model's own text), or the page rewrote it (said with
 * what it shows, but for a secret field); and whether the page only formatted it (a mask), which is no reason. Pure.
 */

/** What the field holds, as far as the reads tell (a password: its length only). */
export interface Seen {
  readonly length: number
  /** The value, when it may be compared (not for a password). */
  readonly value?: string
  readonly via: "value" | "text"
  readonly readOnly?: boolean
  readonly disabled?: boolean
  readonly maxLength?: number | undefined
  readonly fieldType?: string | undefined
  readonly order?: string | undefined
  readonly selector?: string
}

/** A value this long or longer is said by its length only in a maxlength cut. */
const CUT_SHOWN = 80

/** What a page that rewrote the text made of it (a phone mask): page text, never a secret field's. */
const rewrittenTo = (seen: Seen, secret: boolean): string =>
  !secret && seen.value !== undefined && seen.value !== "" && seen.value.length < CUT_SHOWN
    ? `: it now shows ${JSON.stringify(seen.value)}.`
    : "."

/** Why the field does not hold the text, in words (lengths only; a maxlength cut says the start it kept). */
export const because = (
  seen: Seen,
  spilled: string | undefined,
  grew: number,
  added: boolean,
  cut: boolean,
  secret = false
): string =>
  cut && seen.maxLength !== undefined
    ? `its maxlength is ${seen.maxLength}, so the browser kept the first ${seen.maxLength}` +
      ((seen.value ?? "").length < CUT_SHOWN ? `: ${JSON.stringify(seen.value)}.` : ".")
    : spilled !== undefined
      ? `the text went into ${spilled} instead, which had the focus (it grew by ${grew} character(s)).`
      : added
        ? "the editor kept its earlier text: the fill added the typed text to it instead of replacing it."
        : seen.disabled === true
          ? "it is disabled (a page may disable a field when it takes the focus)."
          : seen.readOnly === true
            ? "it is read-only (a date picker or other widget sets it)."
            : seen.fieldType !== undefined
              ? `it is a native ${seen.fieldType} field, which takes keys in its own order, not text.`
              : "the page kept or rewrote something else" + rewrittenTo(seen, secret)

/** An ISO date (2026-03-14) as the digits a date field showing its parts in `order` (mdy, dmy, ymd) takes. */
export const dateKeys = (text: string, order: string | undefined): string | undefined => {
  const ymd = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim())
  if (ymd === null || order === undefined || !/^[dmy]{3}$/.test(order)) return undefined
  const parts: Record<string, string | undefined> = { y: ymd[1], m: ymd[2], d: ymd[3] }
  return [...order].map((p) => parts[p] ?? "").join("")
}

/** Letters and digits alone, lower case: what a page's format (a mask, spaces, upper case) keeps of a text. */
const bare = (s: string): string => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "")

/** Whether every character of `text` is in `value`, in order (others between them). */
const within = (text: string, value: string): boolean => {
  let at = 0
  for (const c of value) if (at < text.length && c === text[at]) at++
  return at === text.length
}

/**
 * The page formatted the typed text (a phone mask, a postcode upper-cased and spaced): the same letters and digits,
 * each typed character still there in order (a page that dropped one, an @ or a dot, rewrote the text).
 */
export const formattedAs = (value: string, text: string): boolean => {
  const squeeze = (s: string) => s.toLowerCase().replace(/\s+/g, "")
  return value !== text && bare(text) !== "" && bare(value) === bare(text) && within(squeeze(text), squeeze(value))
}
