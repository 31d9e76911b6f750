/**
 * What a select shows after a `select` upstream answered `Selected [...]` (read in the same batch, right after it):
 * the labels of its selected options, when they are not what the model asked for. A page whose change handler puts
 * another option back (bench:cases fields.select-reverted: Express is not offered, the select is on Standard again)
 * left upstream's `Selected ["fast"]` as the whole answer. Options are matched as upstream and the guard match them
 * (selectGuard.ts: value, label or text). Undefined when the select shows what was asked, or could not be found. Pure.
 */
import { findScript, type SelectTarget } from "./selectGuard.js"

/** The after-step: `{ shows: [labels] }` when some asked option is not selected now; else null (or true: not found). */
export const selectShownScript = (target: SelectTarget): string => `(() => {
  let el = null;
  ${findScript(target)}
  if (!(el instanceof HTMLSelectElement)) return null;
  const asked = ${JSON.stringify(target.values)};
  const picked = [...el.selectedOptions];
  const is = (o, v) => o.value === v || o.label === v || o.text.trim() === v;
  if (asked.every((v) => picked.some((o) => is(o, v)))) return null;
  return { shows: picked.map((o) => o.label) };
})()`

/** The labels the select shows instead of the asked options (joined), or undefined when it shows what was asked. */
export const selectShownOf = (value: unknown): string | undefined => {
  const shows = value !== null && typeof value === "object" ? Reflect.get(value, "shows") : undefined
  if (!Array.isArray(shows)) return undefined
  return shows.filter((s): s is string => typeof s === "string").join(", ")
}
