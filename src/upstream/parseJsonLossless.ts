/**
 * JSON.parse that keeps integers above 2^53 exact. agent-browser prints `launchHash` as a bare u64
 * (e.g. 13207839290292603806); plain JSON.parse would silently round it. Unsafe integers become decimal strings.
 */

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= "0" && c <= "9"

/** Rewrites unsafe integer literals outside strings as quoted strings; everything else is copied verbatim. */
export const quoteUnsafeIntegers = (text: string): string => {
  let out = ""
  let i = 0
  let copiedUpTo = 0
  while (i < text.length) {
    const c = text[i]
    if (c === '"') {
      i++
      while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1
      i++
      continue
    }
    if (c === "-" || isDigit(c)) {
      const start = i
      if (c === "-") i++
      while (isDigit(text[i])) i++
      const isInteger = text[i] !== "." && text[i] !== "e" && text[i] !== "E"
      const literal = text.slice(start, i)
      if (isInteger && literal.replace("-", "").length >= 16 && !Number.isSafeInteger(Number(literal))) {
        out += text.slice(copiedUpTo, start) + '"' + literal + '"'
        copiedUpTo = i
      }
      while (i < text.length && /[0-9.eE+-]/.test(text[i] ?? "")) i++
      continue
    }
    i++
  }
  return out + text.slice(copiedUpTo)
}

export const parseJsonLossless = (text: string): unknown => JSON.parse(quoteUnsafeIntegers(text))
