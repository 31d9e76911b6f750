/** URL schemes and origins as the policy compares them. Pure. */

/** The scheme of a URL as the browser would read it (`file`, `data`, ...), lower case; undefined for a bare host. */
export const schemeOf = (url: string): string | undefined => {
  const match = /^\s*([a-z][a-z0-9+.-]*):/i.exec(url)
  if (match === null) return undefined
  const scheme = (match[1] as string).toLowerCase()
  // `localhost:3000` and `127.0.0.1:8080/x` are hosts with a port, which upstream opens over https
  return /^\s*[a-z][a-z0-9+.-]*:\d/i.test(url) && !url.includes("://") ? undefined : scheme
}

/** The scheme of `url` when the policy blocks it. */
export const blockedSchemeOf = (url: string, blocked: ReadonlyArray<string>): string | undefined => {
  const scheme = schemeOf(url)
  return scheme !== undefined && blocked.includes(scheme) ? scheme : undefined
}

/** `scheme://host[:port]` with default ports dropped, lower case; undefined when the URL has no such origin. */
export const originOf = (url: string): string | undefined => {
  try {
    const origin = new URL(url).origin
    return origin === "null" ? undefined : origin.toLowerCase()
  } catch {
    return undefined
  }
}
