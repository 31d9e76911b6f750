/**
 * The words for what an action did beyond its answer (domain/ActionEffects.ts), or an open while its page loaded: one
 * line for console errors logged during it, one for its other console messages, one for the page's main heading or the
 * acted-on control when they changed, one for where a key moved the focus, one for the headers it sorted (aria-sort),
 * one for text it made appear, one for the suggestions a fill left open, one for the fields the browser's form
 * validation refused (the form was not sent); none when nothing changed. Messages, headings, values, labels and texts
 * are page text. Pure.
 */
import type { ActionEffects } from "../../domain/ActionEffects.js"
import { isOpening } from "../../upstream/commandEffects.js"
import { page, type Parts } from "./contentBoundary.js"

const quoted = (text: string): Parts => [page(JSON.stringify(text))]

/** Texts that appeared or went away: the first two quoted, the rest counted. */
const textsLine = (head: string, shown: NonNullable<ActionEffects["appeared"]>): Parts => {
  const first = shown.first.slice(0, 2)
  const more = shown.count - first.length
  const texts = first.flatMap((t, i) => [...(i > 0 ? ["; "] : []), ...quoted(t)])
  const rest = shown.capped === true ? [" (and more)"] : more > 0 ? [` (and ${more} more)`] : []
  return [head, ...texts, ...rest]
}

/**
 * The controls the action made appear, as `snapshot -i` lists them (role, name, ref; an unnamed one: role, ref), the
 * rest counted.
 */
const controlsLine = (controls: NonNullable<ActionEffects["newControls"]>): Parts => {
  const named = controls.first.flatMap((c, i) => [
    ...(i > 0 ? [", "] : []),
    ...(c.name === "" ? [`${c.role} [ref=${c.ref}]`] : [`${c.role} `, ...quoted(c.name), ` [ref=${c.ref}]`])
  ])
  const more = controls.count - controls.first.length
  return ["New controls: ", ...named, ...(more > 0 ? [` (and ${more} more: snapshot -i)`] : [])]
}

const squeezed = (text: string): string => text.replace(/\s+/g, " ").trim()

/** A text made only of the names of controls the New controls line names (a menu's items, a dialog's buttons). */
const onlyNames = (text: string, names: ReadonlyArray<string>): boolean =>
  !/[\p{L}\p{N}]/u.test(names.reduce((rest, name) => rest.split(name).join(" "), squeezed(text)))

/**
 * The new texts not made only of the named new controls' names: those the controls line says already, with refs.
 * Unchanged when that would leave none shown while more are counted (the line then still has its examples).
 */
const beyondControls = (
  appeared: ActionEffects["appeared"],
  controls: ActionEffects["newControls"]
): ActionEffects["appeared"] => {
  if (appeared === undefined || controls === undefined) return appeared
  // longest first, so a name inside a longer one ("Save" in "Save tags") does not split it
  const names = controls.first
    .map((c) => squeezed(c.name))
    .filter((n) => n !== "")
    .sort((a, b) => b.length - a.length)
  const first = appeared.first.filter((t) => !onlyNames(t, names))
  const count = appeared.count - (appeared.first.length - first.length)
  if (first.length === appeared.first.length) return appeared
  if (count <= 0 && appeared.capped !== true) return undefined
  return first.length > 0 ? { ...appeared, count, first } : appeared
}

/** What a list the action hid items from still shows: its items, or that it shows none of them now. */
const keptWords = (hidden: NonNullable<ActionEffects["hidden"]>): Parts => {
  const kept = hidden.kept
  if (kept === undefined) return []
  if (kept.count === 0 || kept.first.length === 0) return ["; nothing else in their list is shown"]
  const more = kept.count - kept.first.length
  const texts = kept.first.flatMap((t, i) => [...(i > 0 ? ["; "] : []), ...quoted(t)])
  return ["; still shown in their list: ", ...texts, ...(more > 0 ? [` (and ${more} more)`] : [])]
}

/**
 * What the lines name: a click (`the click`, `the clicked control`), a key press on the focused control, or an open
 * (what the page did while loading; its other console messages are its warnings).
 */
export type EffectAction = "click" | "press" | "open" | "select" | "check" | "fill" | "typing"

/** The action a command's effect lines name. */
export const effectActionOf = (command: string | undefined): EffectAction =>
  command === "press" || command === "key"
    ? "press"
    : isOpening(command)
      ? "open"
      : command === "select"
        ? "select"
        : command === "check" || command === "uncheck"
          ? "check"
          : command === "fill"
            ? "fill"
            : command === "type" || command === "keyboard"
              ? "typing"
              : "click"

/** The action as the lines name it: "the click", "the key press", "the select". */
const actionNoun = (action: EffectAction): string => (action === "press" ? "key press" : action)

/** When the effects happened, as the lines say it. */
export const effectTimeOf = (action: EffectAction): string =>
  action === "open" ? "while loading" : `after the ${actionNoun(action)}`

const errorsLine = (
  e: NonNullable<ActionEffects["consoleErrors"]>,
  action: EffectAction,
  kind: "error" | "message" | "warning" = "error"
): Parts => {
  const shown = e.first.flatMap((m, i) => [...(i > 0 ? ["; "] : []), ...quoted(m)])
  const more = e.count - e.first.length
  const after = effectTimeOf(action)
  const head = e.count === 1 ? `Console ${kind} ${after}: ` : `${e.count} console ${kind}s ${after}: `
  return [head, ...shown, ...(more > 0 && e.first.length > 0 ? [` (and ${more} more)`] : [])]
}

const controlWords = (
  c: NonNullable<ActionEffects["control"]>,
  lead: string,
  action: EffectAction,
  focusMoved: boolean
): Parts => {
  // a key that moved the focus (a menu button's Enter focusing its first item): the focused control is another one now
  const which =
    action === "click" ? "clicked control" : focusMoved ? "control the key was pressed on" : "focused control"
  const states = [
    ...(c.expanded !== undefined ? [c.expanded ? "expanded" : "collapsed"] : []),
    ...(c.pressed !== undefined ? [c.pressed ? "pressed" : "not pressed"] : []),
    ...(c.checked !== undefined ? [c.checked ? "checked" : "unchecked"] : [])
  ]
  const value: Parts = c.value !== undefined ? ["value ", ...quoted(c.value)] : []
  if (states.length === 0) return [`${lead} ${which} now has `, ...value]
  return [`${lead} ${which} is now ${states.join(", ")}`, ...(value.length > 0 ? [", with ", ...value] : [])]
}

/** The fields the browser's validation refused: the form was not sent (labels and messages are page text). */
const invalidLine = (v: NonNullable<ActionEffects["invalid"]>): Parts => {
  const fields = v.first.flatMap((f, i) => [...(i > 0 ? ["; "] : []), ...quoted(f.field), ": ", ...quoted(f.message)])
  const more = v.count - v.first.length
  const head = `The browser's form validation refused ${v.count === 1 ? "1 field" : `${v.count} fields`}`
  return [`${head}, so the form was not sent: `, ...fields, ...(more > 0 ? [` (and ${more} more)`] : [])]
}

/** Requests the action started that had not answered when the page was read: what they change is not said yet. */
const pendingLine = (p: NonNullable<ActionEffects["pending"]>, action: EffectAction): Parts => {
  const which = p.count === 1 ? "1 request" : `${p.count} requests`
  const more = p.count - p.first.length
  const listed = p.first.length > 0 ? [" (", ...quoted(p.first.join("; ")), more > 0 ? ` and ${more} more)` : ")"] : []
  return [
    `${which} the ${actionNoun(action)} started had not answered when the page was read`,
    ...listed,
    ": what the answer changes is not shown yet (wait, then read the page)"
  ]
}

/** Where a key press scrolled the page (or a box): `The page scrolled down to y=5793 of 5793 (the bottom).` */
const scrolledWords = (s: NonNullable<ActionEffects["scrolled"]>): string => {
  const where = s.to >= s.max - 1 ? " (the bottom)" : s.to === 0 ? " (the top)" : ""
  const what = s.within !== undefined ? `The scrollable ${s.within}` : "The page"
  return `${what} scrolled ${s.to > s.from ? "down" : "up"} to y=${s.to} of ${s.max}${where}.`
}

/** How a header's new sort reads: `now sorted descending`, `now sorted in a custom order`, `no longer sorted`. */
const SORT_WORDS = {
  ascending: " now sorted ascending",
  descending: " now sorted descending",
  other: " now sorted in a custom order",
  none: " no longer sorted"
} as const

/** The headers the action sorted: `Header "Price" now sorted descending` (names are page text). */
const sortedLine = (sorted: NonNullable<ActionEffects["sorted"]>): Parts => [
  "Header ",
  ...sorted.flatMap((s, i) => [...(i > 0 ? ["; "] : []), ...quoted(s.header), SORT_WORDS[s.order]])
]

/**
 * The suggestions a fill left open: `Suggestions open under the field (1 option): "Paris". None is picked yet…`; a
 * datalist's: `The field's datalist has 2 values that start with "Pa": "Paris"; "Parma". …`.
 */
const suggestionsLine = (open: NonNullable<ActionEffects["suggestions"]>): Parts => {
  const more = open.count - open.first.length
  const options = [
    ...open.first.flatMap((t, i) => [...(i > 0 ? ["; "] : []), ...quoted(t)]),
    ...(more > 0 ? [` (and ${more} more)`] : [])
  ]
  if (open.datalist !== undefined)
    return [
      `The field's datalist has ${open.count === 1 ? "1 value" : `${open.count} values`} that start with `,
      ...quoted(open.datalist),
      ": ",
      ...options,
      ". None is filled in yet: fill a whole value to use one."
    ]
  return [
    `Suggestions open under the field (${open.count === 1 ? "1 option" : `${open.count} options`}): `,
    ...options,
    ". None is picked yet: click one to pick it."
  ]
}

/** A check during which the page went on to another document, before upstream read its box back (checkReadBack.ts). */
const readBackLine = (lost: NonNullable<ActionEffects["readBackLost"]>): Parts => {
  const now = {
    checked: " On this page it is checked.",
    unchecked: " On this page it is not checked.",
    absent: ` This page has no ${lost.target}.`,
    unread: ""
  }[lost.box]
  return [`The page went on to another document during the check, before agent-browser read ${lost.target} back.${now}`]
}

/** The effect lines after an action's answer (each one line), none when nothing changed. */
export const actionEffectLines = (
  effects: ActionEffects | undefined,
  action: EffectAction = "click"
): ReadonlyArray<Parts> => {
  if (effects === undefined) return []
  const lines: Array<Parts> = []
  const at = effects.pointer
  if (at !== undefined) {
    const label = at.label !== undefined ? [" ", ...quoted(at.label)] : []
    const click = at.click !== undefined ? [` (the page got a ${at.click})`] : []
    lines.push([`At (${at.x}, ${at.y}), over ${at.element}`, ...label, ...click])
  }
  if (effects.readBackLost !== undefined) lines.push(readBackLine(effects.readBackLost))
  if (effects.invalid !== undefined) lines.push(invalidLine(effects.invalid))
  if (effects.printed === true)
    lines.push([
      "The page called window.print() and went on (no print dialog to answer). To save the page as a PDF: pdf <path>."
    ])
  if (effects.focus !== undefined) {
    const label = effects.focus.label !== undefined ? [" ", ...quoted(effects.focus.label)] : []
    lines.push([`Focus moved to ${effects.focus.element}`, ...label])
  }
  const item = effects.activeItem
  if (item !== undefined) {
    const label = item.label !== undefined ? [" ", ...quoted(item.label)] : []
    lines.push([
      `Active item now ${item.element}`,
      ...label,
      ` (aria-activedescendant of ${item.within}, which kept the focus)`
    ])
  }
  if (effects.scrolled !== undefined) lines.push([scrolledWords(effects.scrolled)])
  const kept = effects.keptScroll
  if (kept !== undefined)
    lines.push([`Still scrolled to y=${kept.y} of ${kept.max}: the browser kept the page's scroll position.`])
  for (const m of effects.media ?? []) {
    lines.push([m.matches ? `The page now matches ${m.query}` : `The page does not match ${m.query}`])
  }
  if (effects.unknownKey === true) {
    lines.push([
      "The browser does not know that key name: the page got a key event with no key, and nothing was typed." +
        " Use a key name such as Enter, Tab, Escape, ArrowDown, Backspace, or a single character."
    ])
  }
  if (effects.noDragStart === true) {
    lines.push([
      "The page did not start an HTML5 drag (no dragstart) and no new text appeared. If that is not the element the " +
        'page drags, snapshot -i marks the ones it makes draggable ("draggable").'
    ])
  }
  if (effects.consoleErrors !== undefined) lines.push(errorsLine(effects.consoleErrors, action))
  const logs = effects.consoleLogs
  if (logs !== undefined) lines.push(errorsLine(logs, action, action === "open" ? "warning" : "message"))
  const heading: Parts | undefined =
    effects.heading === undefined
      ? undefined
      : effects.heading === ""
        ? ["The main heading is gone"]
        : ["Heading now: ", ...quoted(effects.heading)]
  const lead = heading === undefined ? "The" : "the"
  const control =
    effects.control !== undefined ? controlWords(effects.control, lead, action, effects.focus !== undefined) : []
  const joint = heading !== undefined && control.length > 0 ? ["; "] : []
  if (heading !== undefined || control.length > 0) lines.push([...(heading ?? []), ...joint, ...control])
  if (effects.sorted !== undefined) lines.push(sortedLine(effects.sorted))
  const appeared = beyondControls(effects.appeared, effects.newControls)
  if (appeared !== undefined) lines.push(textsLine("New text: ", appeared))
  if (effects.suggestions !== undefined) lines.push(suggestionsLine(effects.suggestions))
  if (effects.newControls !== undefined) lines.push(controlsLine(effects.newControls))
  if (effects.ignoredDisabled === true && action === "click")
    lines.push(["The clicked control is marked aria-disabled, and nothing changed on the page."])
  if (effects.hidden !== undefined) lines.push([...textsLine("Hidden: ", effects.hidden), ...keptWords(effects.hidden)])
  if (effects.pending !== undefined) lines.push(pendingLine(effects.pending, action))
  return lines
}
