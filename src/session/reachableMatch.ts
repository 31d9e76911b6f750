/**
 * Which element a role/name click or check acts on, decided before upstream's `find` runs (contract P6) from one
 * fresh `snapshot -i` and the reach read of that name (page/hiddenTwins.ts): the first exact role/name match a
 * pointer can reach, so a hidden duplicate listed first (a widget's native `<option>`) cannot take the action. When
 * every match is known unreachable and controls of that exact name the action fits can be reached, those are the
 * alternatives the failure names. Otherwise (no exact match, reach unknown) upstream's locator decides. Pure.
 */
import type { RefInfo } from "../domain/RefSnapshot.js"
import { TWIN_ROLES } from "../page/hiddenTwins.js"

export interface MatchedRef {
  readonly ref: string
  readonly role: string
  readonly name: string
}

export type ReachableMatch =
  /** Upstream's locator runs as asked. */
  | { readonly kind: "upstream" }
  /** Act on `match`; `skipped`: the exact matches before it that a pointer cannot reach. */
  | { readonly kind: "ref"; readonly match: MatchedRef; readonly skipped: ReadonlyArray<MatchedRef> }
  /** No exact match can be reached; `alternatives` (of that name, reachable, fit for the action) can. */
  | { readonly kind: "unreachable"; readonly hidden: MatchedRef; readonly alternatives: ReadonlyArray<MatchedRef> }

/** Alternatives named at most (more means the name is not specific enough to offer one). */
const MAX_ALTERNATIVES = 3

/** Roles each action fits, for an alternative of another role. */
const FITS: Readonly<Record<string, ReadonlySet<string>>> = {
  click: new Set(TWIN_ROLES),
  check: new Set(["checkbox", "radio", "switch", "menuitemcheckbox", "menuitemradio"])
}

const norm = (s: string) => s.replace(/\s+/g, " ").trim().toLowerCase()
const order = (ref: string): number => Number(/^e(\d+)$/.exec(ref)?.[1] ?? Number.MAX_SAFE_INTEGER)

export const reachableMatch = (
  target: { readonly role: string; readonly name: string; readonly action: string },
  refs: ReadonlyMap<string, RefInfo>,
  reach: ReadonlyMap<string, boolean>,
  hidden: ReadonlyMap<string, string>
): ReachableMatch => {
  const twins = new Set(hidden.values())
  // the hidden-twin read's verdicts stand for refs the focused read could not match
  const reachable = (ref: string): boolean | undefined =>
    hidden.has(ref) ? false : (reach.get(ref) ?? (twins.has(ref) ? true : undefined))
  // in tree order (upstream numbers refs as it walks the tree; its ref map's key order is not that)
  const named = [...refs.entries()]
    .filter(([, r]) => norm(r.name) === norm(target.name) && norm(target.name) !== "")
    .map(([ref, r]) => ({ ref, role: r.role, name: r.name }))
    .sort((a, b) => order(a.ref) - order(b.ref))
  const matches = named.filter((r) => r.role === target.role)
  const at = matches.findIndex((r) => reachable(r.ref) === true)
  const match = matches[at]
  if (match !== undefined)
    return { kind: "ref", match, skipped: matches.slice(0, at).filter((r) => reachable(r.ref) === false) }
  const first = matches[0]
  if (first === undefined || !matches.every((r) => reachable(r.ref) === false)) return { kind: "upstream" }
  const fits = FITS[target.action] ?? new Set()
  const alternatives = named.filter((r) => r.role !== target.role && fits.has(r.role) && reachable(r.ref) === true)
  return alternatives.length === 0 || alternatives.length > MAX_ALTERNATIVES
    ? { kind: "upstream" }
    : { kind: "unreachable", hidden: first, alternatives }
}
