/**
 * What a `drag <src> <dst>` did, watched in the page from just before it to the read after it (in the same upstream
 * batch): whether the browser started an HTML5 drag (`dragstart`) and whether any element took its `drop`, and the
 * text the drag made appear (appearedText.ts: a card's new column, a list's new order line). An HTML5 drag that
 * ended with no `drop` was refused by the page (no handler cancelled `dragover` where it ended): nothing was dropped,
 * and the command fails so (never "Dragged"). A drag built on mouse events (no `dragstart`) is not judged. Where the
 * moved element landed against the aim is read in the same watch (dragLanding.ts). Pure.
 */
import { UpstreamFailed } from "../schema/ToolError.js"
import { APPEARED_READ, appearedInstall, field } from "./appearedText.js"
import { LANDING_EVENTS, LANDING_READ, LANDING_WATCH } from "./dragLanding.js"

const KEY = `Symbol.for("pi-agent-browser.drag")`
/** The read waits this long for a started drag to end (`dragend`: after its drop, or its refusal). */
const END_WAIT_MS = 1000

/** Whether the planned command is an element drag. */
export const isDragCommand = (positionals: ReadonlyArray<string>): boolean =>
  positionals[0] === "drag" && positionals.length >= 3

/** Installs the text watch and the drag events' watch (the steps before the command). */
export const DRAG_WATCH_INSTALL: ReadonlyArray<string> = [
  appearedInstall(),
  `(() => {
const K = ${KEY};
if (window[K]) window[K].off();
${LANDING_WATCH}
const w = { start: 0, drop: 0, end: 0 };
const counted = { dragstart: "start", drop: "drop", dragend: "end" };
const on = (e) => {
  if (!e.isTrusted) return;
  if (counted[e.type]) w[counted[e.type]]++;
  if (e.type !== "dragstart" && e.type !== "dragend") land(w, e);
};
const types = [...new Set(["dragstart", "drop", "dragend", ...${JSON.stringify(LANDING_EVENTS)}])];
types.forEach((t) => window.addEventListener(t, on, true));
w.off = () => types.forEach((t) => window.removeEventListener(t, on, true));
window[K] = w;
return true;
})()`
]

/**
 * Reads (and removes) both watches: `{ appeared, drag: { start, drop, end }, landing }`, after a started drag ended
 * (`landing`: where the moved element is against the aim, dragLanding.ts).
 */
export const DRAG_WATCH_READ: string = `(async () => {
const K = ${KEY}, w = window[K];
${LANDING_READ}
if (w && w.start > 0) {
  const until = Date.now() + ${END_WAIT_MS};
  while (w.end === 0 && w.drop === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
}
if (w) { w.off(); delete window[K]; }
const shown = ${APPEARED_READ};
let landing;
try { landing = landed(w); } catch (e) { landing = undefined; }
const drag = w ? { drag: { start: w.start, drop: w.drop, end: w.end } } : {};
return { ...(shown || {}), ...drag, ...(landing ? { landing } : {}) };
})()`

/** An HTML5 drag the page refused: it started, and no element took its drop. Undefined otherwise. */
export const dragRefusedOf = (after: unknown, target: string): UpstreamFailed | undefined => {
  const drag = field(after, "drag")
  const started = field(drag, "start")
  const dropped = field(drag, "drop")
  if (typeof started !== "number" || started === 0 || dropped !== 0) return undefined
  return new UpstreamFailed({
    detail:
      `the drag started (the page got dragstart) but ${target} did not accept it (no handler cancelled dragover ` +
      "there), so no drop event fired and nothing was dropped or moved. It is not a drop target for this item.",
    stderr: "",
    exitCode: null
  })
}

/** After a `drag <src> <dst>`: its refusal (dragRefusedOf), or undefined for any other command. */
export const dragRefusedAfter = (positionals: ReadonlyArray<string>, after: unknown): UpstreamFailed | undefined =>
  isDragCommand(positionals) ? dragRefusedOf(after, positionals[2] ?? "") : undefined

/**
 * A drag the page showed no sign of: its read answered, no `dragstart` fired (no HTML5 drag began) and `shown` (the
 * text it made appear or go) is empty. The source may not be what the page drags (a column's heading, not its card).
 */
export const dragUnseenOf = (after: unknown, shown: object): boolean =>
  Object.keys(shown).length === 0 && field(field(after, "drag"), "start") === 0
