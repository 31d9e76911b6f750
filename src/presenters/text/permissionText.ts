/**
 * What a command that needs a browser permission says about it (program/lifecycle/permissionGrant.ts): `set geo`
 * says the location its pages now read, and whether they may read it (the grant held while the session runs) or may
 * be denied it (no grant: why). Upstream's answer is the source of the values. Pure.
 */
import type { GrantOutcome } from "../../domain/Permission.js"
import { type Data, type Formatted, formatted, str } from "./contentBoundary.js"

const WHY: Readonly<Record<Extract<GrantOutcome, { granted: false }>["reason"], string>> = {
  "no-endpoint": "the tool knows no DevTools endpoint for this browser, so it could not grant the permission",
  "no-answer": "the browser did not answer the tool's permission grant"
}

/** `set geo`'s text with its grant; undefined for any other command (its own text stands). */
export const grantShown = (
  positionals: ReadonlyArray<string>,
  data: Data,
  grant: GrantOutcome
): Formatted | undefined => {
  const [command, sub] = positionals
  if (command !== "set" || sub !== "geo") return undefined
  const at = `${str(data["latitude"] ?? positionals[2])}, ${str(data["longitude"] ?? positionals[3])}`
  const text = grant.granted
    ? `Geolocation is now ${at}; pages in this browser may read it (permission granted while this session runs).`
    : `Geolocation is now ${at}, but pages may be denied the location: ${WHY[grant.reason]}.`
  return formatted([text], `set geo ${at}${grant.granted ? "" : " (not granted)"}`)
}
