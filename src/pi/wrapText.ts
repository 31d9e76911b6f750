/**
 * Word wrap for pi's terminal: no line wider than the terminal, colour codes not counted and carried over to the
 * next line, words longer than a line broken, wide (CJK, emoji) characters counted as two columns. pi's own tools
 * wrap their output; so do ours, so that nothing a person needs (a next step, a file name) is cut off.
 */

const SGR = /^\x1b\[[0-9;]*m/
const RESET = "\x1b[0m"

/** Terminal columns of one code point: 0 for combining marks and zero-width characters, 2 for wide ones. */
export const columnsOf = (codePoint: number): number => {
  if (
    codePoint === 0x200b ||
    codePoint === 0x200c ||
    codePoint === 0x200d ||
    codePoint === 0xfe0f ||
    (codePoint >= 0x300 && codePoint <= 0x36f)
  )
    return 0
  const wide =
    (codePoint >= 0x1100 && codePoint <= 0x115f) ||
    (codePoint >= 0x2e80 && codePoint <= 0xa4cf) ||
    (codePoint >= 0xac00 && codePoint <= 0xd7a3) ||
    (codePoint >= 0xf900 && codePoint <= 0xfaff) ||
    (codePoint >= 0xfe30 && codePoint <= 0xfe4f) ||
    (codePoint >= 0xff00 && codePoint <= 0xff60) ||
    (codePoint >= 0xffe0 && codePoint <= 0xffe6) ||
    (codePoint >= 0x1f300 && codePoint <= 0x1faff) ||
    (codePoint >= 0x20000 && codePoint <= 0x3fffd)
  return wide ? 2 : 1
}

/** Visible columns of a string (colour codes count zero). */
export const visibleWidth = (text: string): number => {
  let width = 0
  for (const token of tokens(text)) if (token.kind === "char") width += token.columns
  return width
}

type Token =
  | { readonly kind: "sgr"; readonly text: string }
  | { readonly kind: "char"; readonly text: string; readonly columns: number }

const tokens = function* (text: string): Generator<Token> {
  let i = 0
  while (i < text.length) {
    const sgr = SGR.exec(text.slice(i, i + 32))
    if (sgr !== null) {
      yield { kind: "sgr", text: sgr[0] }
      i += sgr[0].length
      continue
    }
    const codePoint = text.codePointAt(i) ?? 0
    const char = String.fromCodePoint(codePoint)
    yield { kind: "char", text: char, columns: codePoint === 9 ? 4 : columnsOf(codePoint) }
    i += char.length
  }
}

/** Splits one line (no `\n`) into lines of at most `width` columns, breaking at spaces where it can. */
export const wrapLine = (line: string, width: number): Array<string> => {
  const room = Math.max(width, 1)
  const out: Array<string> = []
  let current = ""
  let used = 0
  /** The colour codes in force (since the last reset), re-opened on each continuation line. */
  let active = ""
  let word: Array<Token> = []
  let wordColumns = 0
  /** Just broken: spaces here are dropped rather than indenting the continuation. */
  let continuation = false
  const breakLine = () => {
    out.push(active !== "" ? `${current}${RESET}` : current)
    current = active
    used = 0
    continuation = true
  }
  const put = (token: Token) => {
    if (token.kind === "sgr") {
      active = token.text === RESET || token.text === "\x1b[m" ? "" : active + token.text
      current += token.text
      return
    }
    if (used + token.columns > room) breakLine()
    current += token.text
    used += token.columns
    if (token.text !== " ") continuation = false
  }
  const flushWord = () => {
    if (wordColumns > 0 && used > 0 && used + wordColumns > room && wordColumns <= room) breakLine()
    for (const token of word) put(token)
    word = []
    wordColumns = 0
  }
  for (const token of tokens(line)) {
    if (token.kind === "char" && token.text === " ") {
      flushWord()
      // a space that would end the line is dropped rather than carried to the next one
      if (used + 1 > room) breakLine()
      else if (!continuation) put(token)
      continue
    }
    word.push(token)
    if (token.kind === "char") wordColumns += token.columns
  }
  flushWord()
  out.push(current)
  return out.map((l) => l.replace(/ +((?:\x1b\[[0-9;]*m)*)$/, "$1"))
}

/** Wraps every line of a text to the width. */
export const wrapText = (text: string, width: number): Array<string> =>
  text.split("\n").flatMap((line) => wrapLine(line, width))
