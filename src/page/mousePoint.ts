/**
 * Where `mouse down|up|move` acted: a read-only watch installed just before the command (in the same upstream batch)
 * notes the last trusted mouse event's viewport point and target; the read after it answers that point and a short
 * description of the element (tag, id, its label or text), or, for a `mouse move` that fired no event (the pointer
 * was already there), the element at the move's own point; and whether the page got a click (a mouse up over the
 * element the button went down on). No event and no point: nothing is said. Pure.
 */
import type { ActionEffects } from "../domain/ActionEffects.js"
import { APPEARED_INSTALL, APPEARED_READ } from "./appearedText.js"

const KEY = `Symbol.for("pi-agent-browser.mouse")`
const KINDS = `["mousedown", "mouseup", "mousemove"]`
const CLICKS = `["click", "dblclick"]`

/** The mouse subcommands whose point is read. */
export const isMousePointCommand = (positionals: ReadonlyArray<string>): boolean =>
  positionals[0] === "mouse" && (positionals[1] === "down" || positionals[1] === "up" || positionals[1] === "move")

/** Installs the watch (the step before the command). */
export const MOUSE_WATCH_INSTALL: string = `(() => {
const K = ${KEY};
if (window[K]) window[K].off();
const w = { seen: undefined };
const on = (e) => { if (e.isTrusted) w.seen = { x: e.clientX, y: e.clientY, el: e.target }; };
// a mouse up over the element the button went down on: the page gets a click (or a second one, a dblclick)
const onClick = (e) => { if (e.isTrusted) w.click = e.type; };
${KINDS}.forEach((t) => window.addEventListener(t, on, true));
${CLICKS}.forEach((t) => window.addEventListener(t, onClick, true));
w.off = () => {
  ${KINDS}.forEach((t) => window.removeEventListener(t, on, true));
  ${CLICKS}.forEach((t) => window.removeEventListener(t, onClick, true));
};
window[K] = w;
return true;
})()`

/** The point a `mouse move x y` names (viewport pixels), if it names one. */
const movePoint = (positionals: ReadonlyArray<string>): { x: number; y: number } | undefined => {
  const x = Number(positionals[2]),
    y = Number(positionals[3])
  return positionals[1] === "move" && Number.isFinite(x) && Number.isFinite(y) ? { x, y } : undefined
}

/** Reads (and removes) the watch after the command: `{ x, y, element, label }`, or undefined when nothing is known. */
export const mouseReadExpression = (positionals: ReadonlyArray<string>): string => `(() => {
const K = ${KEY}, w = window[K], P = ${JSON.stringify(movePoint(positionals) ?? null)};
if (w) { w.off(); delete window[K]; }
const s = w && w.seen;
const x = s ? s.x : P && P.x, y = s ? s.y : P && P.y;
const el = s ? s.el : P ? document.elementFromPoint(P.x, P.y) : null;
if (typeof x !== "number" || !(el instanceof Element)) return undefined;
const tag = el.tagName.toLowerCase() + (el.id ? "#" + el.id : "");
const whole = el === document.body || el === document.documentElement;
const own = whole ? "" : el.getAttribute("aria-label") || el.innerText || el.value || "";
const text = String(own).replace(/\\s+/g, " ").trim();
const label = text.length > 40 ? text.slice(0, 39) + "…" : text;
return { x: Math.round(x), y: Math.round(y), element: tag.slice(0, 60), label, click: w ? w.click : undefined };
})()`

/** The read's answer as the pointer's place, or undefined. */
export const mousePointOf = (value: unknown): ActionEffects["pointer"] => {
  if (value === null || typeof value !== "object") return undefined
  const { x, y, element, label, click } = value as Record<string, unknown>
  if (typeof x !== "number" || typeof y !== "number" || typeof element !== "string" || element === "") return undefined
  return {
    x,
    y,
    element,
    ...(typeof label === "string" && label !== "" ? { label } : {}),
    ...(click === "click" || click === "dblclick" ? { click } : {})
  }
}

/**
 * The page reads around a `mouse down|up|move` in its batch: the point watch and the text watch before it, their
 * reads after it (text it made appear or hid: a slider's value as its handle is dragged, appearedText.ts).
 */
export const mouseProbeRows = (positionals: ReadonlyArray<string>) => ({
  before: [
    ["eval", MOUSE_WATCH_INSTALL],
    ["eval", APPEARED_INSTALL]
  ],
  after: [
    ["eval", mouseReadExpression(positionals)],
    ["eval", APPEARED_READ]
  ]
})
