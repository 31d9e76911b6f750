/**
 * Partial secrets: pieces of a remembered secret that exact matching misses. Two shapes are caught:
 * - a keystroke-by-keystroke echo of a typed secret: a prefix of at least MIN_FRAGMENT_LENGTH characters that ends
 *   where the echo ends (end of text, or any character that is not a letter or digit);
 * - a cut: a text (or a piece of it next to an ellipsis, `…` or `...`) that ends inside a secret (a prefix) or
 *   begins inside one (a suffix, or an inner piece that runs to the next cut).
 * Cost: one `indexOf` scan per secret variant plus a few comparisons per ellipsis; linear in the text. Pure.
 */
import { REDACTED } from "./secretPatterns.js"

/** Pieces shorter than this are not searched for: they would shred ordinary words. */
export const MIN_FRAGMENT_LENGTH = 4

export interface FragmentSecret {
  readonly value: string
  /** Typed with `type`/`keyboard type`: pages may echo every prefix. */
  readonly typed: boolean
}

const ELLIPSES = ["…", "..."] as const

const isWordChar = (c: string | undefined): boolean => c !== undefined && /[\p{L}\p{N}]/u.test(c)

/** A text ends here: its end, or an ellipsis right after. */
const cutAfter = (text: string, at: number): boolean =>
  at === text.length || ELLIPSES.some((e) => text.startsWith(e, at))

/** Positions a text (or a piece of it) begins at: 0, and right after each ellipsis. */
const cutsBefore = (text: string): ReadonlyArray<number> => {
  const cuts = [0]
  for (const e of ELLIPSES) {
    for (let i = text.indexOf(e); i >= 0; i = text.indexOf(e, i + e.length)) cuts.push(i + e.length)
  }
  return cuts
}

const commonLength = (text: string, at: number, secret: string, from: number): number => {
  let m = 0
  while (from + m < secret.length && at + m < text.length && text.charCodeAt(at + m) === secret.charCodeAt(from + m))
    m++
  return m
}

/** [start, end) ranges of `text` that are pieces of `secret`. */
const rangesOf = (
  text: string,
  secret: FragmentSecret,
  cuts: ReadonlyArray<number>
): Array<readonly [number, number]> => {
  const s = secret.value
  const out: Array<readonly [number, number]> = []
  if (s.length <= MIN_FRAGMENT_LENGTH) return out
  // prefixes: typed echoes, and texts cut inside the secret
  const head = s.slice(0, MIN_FRAGMENT_LENGTH)
  for (let i = text.indexOf(head); i >= 0; i = text.indexOf(head, i + 1)) {
    const end = i + commonLength(text, i, s, 0)
    if ((secret.typed && !isWordChar(text[end])) || cutAfter(text, end)) {
      out.push([i, end])
      i = end - 1
    }
  }
  // texts that begin inside the secret: a suffix, or an inner piece cut again
  for (const c of cuts) {
    for (let j = 1; j + MIN_FRAGMENT_LENGTH <= s.length; j++) {
      const m = commonLength(text, c, s, j)
      if (m >= MIN_FRAGMENT_LENGTH && (j + m === s.length || cutAfter(text, c + m))) {
        out.push([c, c + m])
        break
      }
    }
  }
  return out
}

/** Replaces every caught piece of the secrets with the redaction marker. */
export const scrubFragments = (text: string, secrets: ReadonlyArray<FragmentSecret>): string => {
  if (secrets.length === 0 || text.length < MIN_FRAGMENT_LENGTH) return text
  const cuts = cutsBefore(text)
  const ranges = secrets.flatMap((s) => rangesOf(text, s, cuts)).sort((a, b) => a[0] - b[0])
  if (ranges.length === 0) return text
  const merged: Array<[number, number]> = []
  for (const [start, end] of ranges) {
    const last = merged[merged.length - 1]
    if (last !== undefined && start <= last[1]) last[1] = Math.max(last[1], end)
    else merged.push([start, end])
  }
  let out = ""
  let at = 0
  for (const [start, end] of merged) {
    out += text.slice(at, start) + REDACTED
    at = end
  }
  return out + text.slice(at)
}
