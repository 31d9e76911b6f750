// Content recall as defined in shared/corpus/README.md: up to 20 evenly spaced sentences (>= 40 chars) of the
// page's main content; a sentence counts when its first 40 normalized characters occur in the visible text. Inline
// elements add no space (the text a browser shows), so inline code and links do not break a sentence's match.

const ENTITIES = { amp: "&", lt: "<", gt: ">", quot: "\"", apos: "'", nbsp: " ", mdash: "—", ndash: "–", hellip: "…", rsquo: "’", lsquo: "‘", rdquo: "”", ldquo: "“" }

export const htmlToText = (html) =>
  html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, " ")
    // inline elements join their text as a browser shows it (`<code>fs</code>.open` reads "fs.open"); others break it
    .replace(/<\/?(a|abbr|b|bdi|cite|code|data|dfn|em|i|kbd|mark|q|s|samp|small|span|strong|sub|sup|time|u|var)\b[^>]*>/gi, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (m, e) => {
      if (e[0] === "#") return String.fromCodePoint(e[1].toLowerCase() === "x" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10))
      return ENTITIES[e.toLowerCase()] ?? m
    })

export const normalize = (s) => s.toLowerCase().replace(/\s+/g, " ")

export const pickSentences = (expectedHtml) => {
  const text = htmlToText(expectedHtml)
  const sentences = text.split(/(?<=[.!?])\s+/).map((s) => s.trim()).filter((s) => s.length >= 40)
  if (sentences.length <= 20) return sentences
  return Array.from({ length: 20 }, (_, i) => sentences[Math.floor((i * sentences.length) / 20)])
}

export const recall = (sentences, visibleText) => {
  if (sentences.length === 0) return 1
  const hay = normalize(visibleText)
  const hits = sentences.filter((s) => hay.includes(normalize(s).slice(0, 40))).length
  return hits / sentences.length
}
