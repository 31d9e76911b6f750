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

/** Every occurrence of `secret` in any string of `value` replaced by `[REDACTED]`. */
export const replaceSecret = <A>(value: A, secret: string): A => {
  if (secret === "") return value
  const walk = (node: unknown): unknown => {
    if (typeof node === "string") return node.split(secret).join("[REDACTED]")
    if (Array.isArray(node)) return node.map(walk)
    if (node !== null && typeof node === "object")
      return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v)]))
    return node
  }
  return walk(value) as A
}
