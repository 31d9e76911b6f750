// Content recall as defined in shared/corpus/README.md: up to 20 evenly spaced sentences (>= 40 chars) of the
// page's main content; a sentence counts when its first 40 normalized characters occur in the visible text. Inline
// elements add no space (the text a browser shows), so inline code and links do not break a sentence's match.

const ENTITIES = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  mdash: "—",
  ndash: "–",
  hellip: "…",
  rsquo: "’",
  lsquo: "‘",
  rdquo: "”",
  ldquo: "“"
}

export const htmlToText = (html) =>
  html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, " ")
    // inline elements join their text as a browser shows it (`<code>fs</code>.open` reads "fs.open"); others break it
    .replace(
      /<\/?(a|abbr|b|bdi|cite|code|data|dfn|em|i|kbd|mark|q|s|samp|small|span|strong|sub|sup|time|u|var)\b[^>]*>/gi,
      ""
    )
    .replace(/<[^>]+>/g, " ")
    .replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (m, e) => {
      if (e[0] === "#")
        return String.fromCodePoint(e[1].toLowerCase() === "x" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10))
      return ENTITIES[e.toLowerCase()] ?? m
    })

export const normalize = (s) => s.toLowerCase().replace(/\s+/g, " ")

/** Every sentence of the main content the measure could sample (>= 40 chars). */
export const allSentences = (expectedHtml) =>
  htmlToText(expectedHtml)
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter((s) => s.length >= 40)

export const pickSentences = (expectedHtml) => {
  const sentences = allSentences(expectedHtml)
  if (sentences.length <= 20) return sentences
  return Array.from({ length: 20 }, (_, i) => sentences[Math.floor((i * sentences.length) / 20)])
}

export const recall = (sentences, visibleText) => {
  if (sentences.length === 0) return 1
  const hay = normalize(visibleText)
  const hits = sentences.filter((s) => hay.includes(normalize(s).slice(0, 40))).length
  return hits / sentences.length
}

/**
 * The visible text without the tool's own line markup, for the markup-blind recall: a line's refs (`text @e12`, a
 * trailing `[@e12 name; …]`), line-leading heading marks, bullets and indentation. The strict measure reads "# Title"
 * then "First sentence." as "# title first sentence." and misses the page's sentence "Title First sentence." that
 * spans the heading (the sampler joins block elements that end without a period: titles, list items, table cells),
 * although every word is there in order; this one does not. Table cell bars (` | `) go from both sides, the page's
 * own included ("<Array> | <string>"). Nothing is added, so it cannot count a sentence the text does not hold.
 */
export const withoutMarkup = (text) =>
  text
    .replace(/ \[@e\d+ .*\]$/gm, "")
    .replace(/ @e\d+$/gm, "")
    .replace(/^[ \t]*(?:#{1,6} |- )/gm, "")

const unbar = (s) => s.replace(/ \| /g, " ")

export const blindRecall = (sentences, visibleText) => recall(sentences.map(unbar), unbar(withoutMarkup(visibleText)))

/** Bytes of the sentences of `pool` that `text` holds whole (markup-blind) and `seen` does not yet; adds them. */
export const newSentenceBytes = (pool, seen, text) => {
  const hay = normalize(unbar(withoutMarkup(text)))
  let bytes = 0
  for (const s of pool) {
    const whole = normalize(unbar(s))
    if (seen.has(whole) || !hay.includes(whole)) continue
    seen.add(whole)
    bytes += Buffer.byteLength(whole, "utf8")
  }
  return bytes
}
