/**
 * `--allowed-domains` as upstream reads it: a comma-separated list of hostnames, where `*.example.com` also admits
 * subdomains. Used to check where a page ended up after a navigation-prone command (redirects, clicks). Pure.
 */

export const parseAllowList = (value: string): ReadonlyArray<string> =>
  value
    .split(",")
    .map((d) => d.trim().toLowerCase())
    .filter((d) => d !== "")

export const hostAllowed = (host: string, allowList: ReadonlyArray<string>): boolean => {
  const h = host.toLowerCase().replace(/^\[|\]$/g, "")
  return allowList.some((pattern) => {
    if (pattern.startsWith("*.")) {
      const base = pattern.slice(2)
      return h === base || h.endsWith(`.${base}`)
    }
    return h === pattern
  })
}

/** The observed URL's host when it is an http(s) page outside the list; undefined when allowed or not checkable. */
export const outsideAllowList = (url: string, allowList: ReadonlyArray<string>): string | undefined => {
  try {
    const u = new URL(url)
    if (u.protocol !== "http:" && u.protocol !== "https:") return undefined
    return hostAllowed(u.hostname, allowList) ? undefined : u.hostname
  } catch {
    return undefined
  }
}
