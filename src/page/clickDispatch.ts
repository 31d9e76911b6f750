/**
 * The one-process click: a read-only recorder installed just before a direct `click` and read just after it, in the
 * same upstream batch. The recorder counts trusted pointer/mouse events and whether any reached the element the
 * click aimed at (`ClickDispatch` when none did), notices a navigation the click started (a cross-document
 * `navigate` event, or a form submission nobody prevented), and the read returns title, URL and challenge facts so a
 * click that stayed on its page needs no second process. Targets it cannot resolve in the top document (frames,
 * shadow roots, names it cannot reproduce) are not judged. The recorder also leaves a mutation watch on the page
 * (pageSettle.ts): a click that stayed is read at once unless a re-render it scheduled is under way (then once the
 * DOM went quiet, saying so when it did not within the cap), and the next snapshot reads the page once it went quiet.
 * Pure.
 */
import type { ClickDispatch, ClickTarget } from "../schema/PageDiagnostics.js"
import type { RefSnapshot } from "../domain/RefSnapshot.js"
import { type ClosingTab, closingTabOf } from "./closeHold.js"

/** Ref roles whose element the recorder can find again by role and name (the contract's role gate). */
const REF_ROLES = new Set(["button", "checkbox", "menuitem", "radio", "switch", "tab", "option", "link"])

/**
 * What `find text|role … click` aims at: judged leniently (a hit on any element the locator could have meant), so only
 * a click that reached none of them is said; other locators, actions and flags are not judged.
 */
const findTargetOf = (argv: ReadonlyArray<string>): ClickTarget | undefined => {
  const [, locator, value, action, ...rest] = argv
  if (action !== "click" || value === undefined || value.trim() === "") return undefined
  const exact = rest.includes("--exact") ? { exact: true } : {}
  const flags = rest.filter((t) => t !== "--exact")
  if (locator === "text") return flags.length === 0 ? { kind: "text", text: value, ...exact } : undefined
  if (locator !== "role") return undefined
  if (flags.length === 0) return { kind: "role", role: value, ...exact }
  return flags.length === 2 && flags[0] === "--name" && flags[1] !== undefined && flags[1].trim() !== ""
    ? { kind: "role", role: value, name: flags[1], ...exact }
    : undefined
}

/** What `click <target>` (or `find text|role … click`) aims at, when the recorder can judge it; undefined otherwise. */
export const clickTargetOf = (argv: ReadonlyArray<string>, refs: RefSnapshot | undefined): ClickTarget | undefined => {
  if (argv[0] === "find") return findTargetOf(argv)
  if (argv[0] !== "click" || argv.length !== 2) return undefined
  const target = argv[1] ?? ""
  if (target.startsWith("xpath=")) return { kind: "xpath", selector: target.slice("xpath=".length) }
  const ref = /^@?(e\d+)$/.exec(target)?.[1]
  if (ref !== undefined) {
    const info = refs?.refs.get(ref)
    if (info === undefined || !REF_ROLES.has(info.role) || info.name.trim() === "") return undefined
    const same = [...(refs?.refs.entries() ?? [])]
      .filter(([, r]) => r.role === info.role && r.name === info.name)
      .map(([id]) => id)
    const index = same.indexOf(ref)
    return {
      kind: "accessible",
      refId: ref,
      role: info.role,
      name: info.name,
      ...(same.length > 1 ? { duplicateIndex: index } : {})
    }
  }
  // text=, role= and other locator dialects are upstream's; a CSS selector is judged by the page itself
  return /^[a-z-]+=/i.test(target) ? undefined : { kind: "selector", selector: target }
}

/** What the recorder saw, as read back. */
export interface ClickRecord {
  readonly resolved: boolean
  /** The target is an `<option>`: of a native `<select>`, which widget libraries keep hidden under their own list. */
  readonly nativeOption?: boolean
  readonly events: number
  readonly hits: number
  readonly landedOn: string | undefined
  /** The click started a navigation to another document: the page must be read again once it loads. */
  readonly navigating: boolean
  /** The clicked page opened a tab itself (`window.open`, a `target=_blank` link or form). */
  readonly openedTab?: boolean
  /**
   * The clicked page closed its own tab (`window.close`, held until the click's read answered); `closable`: a window
   * a script opened, or with no history, which the browser lets its page close (others are refused).
   */
  readonly closing?: ClosingTab
}

/** The read's `click` field, or undefined when the read ran in another document (the click navigated). */
export const clickRecordOf = (value: unknown): ClickRecord | undefined => {
  if (value === null || typeof value !== "object") return undefined
  const r = value as Record<string, unknown>
  const events = r["events"],
    hits = r["hits"]
  if (typeof r["resolved"] !== "boolean" || typeof events !== "number" || typeof hits !== "number") return undefined
  const closing = closingTabOf(r["closing"])
  return {
    resolved: r["resolved"],
    ...(r["nativeOption"] === true ? { nativeOption: true } : {}),
    events,
    hits,
    landedOn: typeof r["landedOn"] === "string" && r["landedOn"] !== "" ? r["landedOn"] : undefined,
    navigating: r["navigating"] === true,
    ...(r["openedTab"] === true ? { openedTab: true } : {}),
    ...(closing !== undefined ? { closing } : {})
  }
}

/**
 * A click aimed at a resolved element that no trusted event reached, while some landed elsewhere in the document;
 * undefined when it did, or cannot be judged (no event at all reached the top document: the press went into a frame).
 */
export const clickDispatchOf = (target: ClickTarget, record: ClickRecord, twin?: string): ClickDispatch | undefined =>
  !record.resolved || record.hits > 0 || record.events === 0 || record.navigating
    ? undefined
    : {
        status: "no-native-event-observed",
        reason: "native-click-produced-no-target-dom-event",
        nativeEventCount: record.events,
        target,
        ...(record.landedOn !== undefined ? { landedOn: record.landedOn } : {}),
        ...(twin !== undefined ? { twin } : {}),
        ...(record.nativeOption === true ? { nativeOption: true } : {})
      }

/**
 * The reachable twin of a ref (same role and name): the one the snapshot marked, else the only other ref of that
 * role and name the snapshot listed.
 */
export const twinOf = (ref: string, refs: RefSnapshot | undefined): string | undefined => {
  const marked = refs?.hidden?.get(ref)
  if (marked !== undefined) return marked
  const info = refs?.refs.get(ref)
  if (info === undefined || info.name.trim() === "") return undefined
  const others = [...(refs?.refs.entries() ?? [])].filter(
    ([id, r]) => id !== ref && r.role === info.role && r.name === info.name && refs?.hidden?.has(id) !== true
  )
  return others.length === 1 ? others[0]?.[0] : undefined
}

/**
 * The widget's own option a native <select>'s hidden option stands for, as a role click: `find role option click
 * --name <name>` is resolved before it runs by a fresh snapshot -i past the hidden native option to the first one a
 * pointer can reach (contract P6). Undefined when the target has no name to look for.
 */
export const widgetOptionClick = (target: ClickTarget): ReadonlyArray<string> | undefined => {
  const name =
    target.kind === "accessible" || target.kind === "role"
      ? target.name
      : target.kind === "text"
        ? target.text
        : undefined
  return name === undefined || name.trim() === "" ? undefined : ["find", "role", "option", "click", "--name", name]
}

const nativeOptionAdvice = (target: ClickTarget): string => {
  const click = widgetOptionClick(target)
  return click !== undefined
    ? `Click the widget's own option of that name: ${click.join(" ")}` +
        " (resolved past the hidden one by a fresh snapshot -i)."
    : "Take snapshot -i and click the widget's own option of that name."
}

/** A click target as the texts name it: `@e5 (button "Pay")`, `text "Save"`, `role button named "Go"`, `#b`. */
export const clickTargetText = (target: ClickTarget): string =>
  target.kind === "accessible"
    ? `@${target.refId} (${target.role} "${target.name}")`
    : target.kind === "text"
      ? `text ${JSON.stringify(target.text)}`
      : target.kind === "role"
        ? `role ${target.role}${target.name !== undefined ? ` named ${JSON.stringify(target.name)}` : ""}`
        : target.selector

/** The failure's words: what upstream claimed, where the events went, and what to do. */
export const clickDispatchMessage = (d: ClickDispatch): string =>
  "Click dispatch diagnostic: upstream reported the click done, " +
  `but no trusted pointer or mouse event reached ${clickTargetText(d.target)}` +
  ` (${d.nativeEventCount} landed on ${d.landedOn ?? "another element"}), so it did not act on it.` +
  (d.twin !== undefined
    ? ` A pointer cannot reach that element; @${d.twin} has the same role and name and can be reached: ` +
      `click @${d.twin}.`
    : d.nativeOption === true
      ? " It is an <option> of a native <select> that the page hides under its own widget: " +
        "the click went to the widget instead (it may have opened its list). " +
        nativeOptionAdvice(d.target)
      : " Something covers it, or it moved or re-rendered: " +
        "take snapshot -i, close or scroll past what covers it, then retry.")
