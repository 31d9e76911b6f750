// Small helpers the case files share.
import { expandRuns } from "../snapshotRuns.mjs"

/** Every needle appears in the text (case-insensitive). */
export const says = (text, ...needles) =>
  needles.every((n) => (n instanceof RegExp ? n.test(text) : text.toLowerCase().includes(String(n).toLowerCase())))

/** The @ref of the first `role "name"` line of a snapshot text (or @e0 when none, which fails honestly). */
export const refIn = (snapshot, role, name) =>
  `@${new RegExp(`${role} "${name}"[^\\n]*?ref=(e\\d+)`).exec(expandRuns(snapshot))?.[1] ?? "e0"}`

/** The text without URLs and host paths (case ids in them would match words like "crash" or "link"). */
export const words = (text) => text.replace(/(https?:\/\/|127\.0\.0\.1:\d+)\S*/g, "")

/** An effect answer with the page's own words. */
export const saw = (ok, detail) => ({ ok: ok === true, detail })

/** JSON of a value read by raw eval (already parsed by agent-browser), for a detail line. */
export const show = (v) => (v === undefined ? "unreadable" : JSON.stringify(v))

/** What a logged event carries: the target's id, the modifier keys, the button and the click count. */
const EVENT_FIELDS =
  "id:this.id,ctrl:event.ctrlKey,shift:event.shiftKey,alt:event.altKey,meta:event.metaKey," +
  "button:event.button,detail:event.detail"

/** A button that logs its clicks with the modifier keys and button. */
export const loggedButton = (id, label, events = ["click"]) => {
  const handler = (e) => `on${e}="log('${e}',{${EVENT_FIELDS}});${e === "contextmenu" ? "return false" : ""}"`
  return `<button id="${id}" ${events.map(handler).join(" ")}>${label}</button>`
}

/** A state file (agent-browser's `state save` shape) with one localStorage entry for `origin`. */
export const stateFile = (origin, name, value) =>
  JSON.stringify({ cookies: [], origins: [{ origin, localStorage: [{ name, value }] }] })
