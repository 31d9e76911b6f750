/** Small text helpers shared by the provider mappings. */

/** One line, single spaces. */
export const compact = (text: string): string => text.replace(/\s+/g, " ").trim()

export const hostOf = (url: string): string | undefined => {
  try {
    return new URL(url).hostname.replace(/^www\./, "")
  } catch {
    return undefined
  }
}

/** At most `max` characters, cut at a word boundary when one is near, with an ellipsis. */
export const clip = (text: string, max: number): string => {
  if (text.length <= max) return text
  const cut = text.slice(0, max - 1)
  const space = cut.lastIndexOf(" ")
  return `${space > max * 0.6 ? cut.slice(0, space) : cut}…`
}
