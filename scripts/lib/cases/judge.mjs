// How bench:cases judges one run of a case: (a) the effect, read outside the tool's words (the page's own event log,
// the server's request log, a raw `agent-browser eval`, files on disk); (b) whether the text said it; and whether the
// text misleads: it reads as success while the effect is missing, it reads as failure while the page did it, or the
// case's own check finds a claim the page contradicts.
import { words } from "./helpers.mjs"

/** Words that make a text read as something other than a plain success. */
const NOT_SUCCESS = new RegExp(
  [
    "⚠",
    "warning",
    "\\bfail",
    "did not",
    "didn't",
    "does not",
    "unknown",
    "invalid",
    "refus",
    "block",
    "timed out",
    "not (?:found|visible|enabled|supported|editable|allowed|clicked|filled|checked|a key|possible)",
    "could not",
    "cannot",
    "can't",
    "no dialog",
    "nothing happened",
    "no effect",
    "no visible",
    "disabled",
    "read-?only",
    "covered",
    "intercept",
    "crash",
    "error",
    "fill check",
    "check the field",
    "not the \\d+ typed",
    // the tool says the keys were not sent (upstream's type inserts text; keydown types nothing)
    "no keydown",
    "nothing typed"
  ].join("|"),
  "i"
)

export const readsAsSuccess = (text, isError) => !isError && !NOT_SUCCESS.test(words(text))

/** A one-line summary of what the page logged: event types with counts, in first-seen order. */
export const summarizeEvents = (events) => {
  if (events.length === 0) return "no page events"
  const counts = new Map()
  for (const e of events) counts.set(e.type, (counts.get(e.type) ?? 0) + 1)
  return `page events: ${[...counts].map(([t, n]) => (n > 1 ? `${t}×${n}` : t)).join(", ")}`
}

/** Normalizes an effect check's answer: true/false, or { ok, detail }. */
export const effectOf = async (kase, c) => {
  try {
    const r = await kase.effect(c)
    const ok = r === true || (typeof r === "object" && r !== null && r.ok === true)
    const given = typeof r === "object" && r !== null ? r.detail : undefined
    const detail = given ?? summarizeEvents(c.events())
    return { ok, detail }
  } catch (error) {
    return { ok: false, detail: `effect check threw: ${String(error).slice(0, 160)}` }
  }
}

/** PASS / DONE-BUT-UNSAID / FAIL, the failure's reason, and the misleading flag with its reason. */
export const classify = (kase, run, effect, c) => {
  const { text, anyError, timedOut } = run
  let said = false
  try {
    said = kase.said(text, c) === true
  } catch {
    said = false
  }
  const status = effect.ok ? (said ? "PASS" : "DONE-BUT-UNSAID") : "FAIL"
  let reason = timedOut ? `the tool did not answer within ${kase.timeoutMs} ms` : undefined
  if (effect.ok && !said && kase.primitive !== undefined) reason = `no primitive (${kase.primitive})`
  const missing = kase.primitive !== undefined ? `no primitive (${kase.primitive})` : "no effect"
  if (!effect.ok) reason = timedOut ? `timed out after ${kase.timeoutMs} ms` : missing
  let misleading
  try {
    misleading = kase.wrong?.(text, c, effect)
  } catch {
    misleading = undefined
  }
  const success = readsAsSuccess(text, anyError)
  const refused = kase.refusal === true
  if (misleading === undefined && refused && success) misleading = "reads as success for a refused action"
  if (misleading === undefined && !refused && !effect.ok && success && !timedOut) {
    misleading = "reads as success; the page shows no effect"
  }
  // a refused primitive the tool does not have yet is an honest answer (#42: refuse, never succeed silently)
  const honestRefusal = kase.errorOk === true || kase.primitive !== undefined
  if (misleading === undefined && !refused && effect.ok && anyError && !honestRefusal) {
    misleading = "reads as a failure; the page did it"
  }
  return { status, said, reason, misleading }
}
