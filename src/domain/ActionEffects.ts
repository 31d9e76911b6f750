/**
 * What an action did to the page beyond its own answer, as the click's recorder saw it (page/clickEffects.ts): console
 * errors and uncaught page errors logged during it, the page's main heading when it changed, the acted-on control's
 * value or state when it changed. (A navigation a short timer of the click started is read as the click's navigation.)
 */
export interface ActionEffects {
  /** Errors logged during the action: how many, the first messages (two; an open's: three), as the page wrote them. */
  readonly consoleErrors?: { readonly count: number; readonly first: ReadonlyArray<string> }
  /** Other console messages (log, info, warn; an open's: its warnings) logged during it: how many, the first two. */
  readonly consoleLogs?: { readonly count: number; readonly first: ReadonlyArray<string> }
  /** Text the action made appear (added, changed or unhidden, still shown): how many places, the first two. */
  readonly appeared?: {
    readonly count: number
    readonly first: ReadonlyArray<string>
    /** A large re-render: only its first places were read, so there is more than `count`. */
    readonly capped?: true
  }
  /** How many controls (links, buttons, fields, options) were among what the action made appear (page-side count). */
  readonly controlsAppeared?: number
  /**
   * The refs of the controls the action made appear, from one `snapshot -i` taken after it (recorded as the session's
   * refs): how many, the first few (program/refs/newControls.ts).
   */
  readonly newControls?: {
    readonly count: number
    readonly first: ReadonlyArray<{ readonly ref: string; readonly role: string; readonly name: string }>
  }
  /** Text the action hid or removed (no longer shown anywhere on the page): how many places, the first two. */
  readonly hidden?: {
    readonly count: number
    readonly first: ReadonlyArray<string>
    readonly capped?: true
    /** Hidden from a list (a parent of like items: li, tr, cards): the items it still shows, none when it hid all. */
    readonly kept?: { readonly count: number; readonly first: ReadonlyArray<string> }
  }
  /**
   * Requests the action started (fetch, XMLHttpRequest) still unanswered when the page was read
   * (page/actionWatches.ts): how many, the first two as "METHOD /path". What their answers change is not in the other
   * fields.
   */
  readonly pending?: { readonly count: number; readonly first: ReadonlyArray<string> }
  /** The page's main heading, now (it changed during the action; empty when it is gone). */
  readonly heading?: string
  /** The acted-on control's value or state, where it changed. */
  readonly control?: {
    readonly value?: string
    readonly expanded?: boolean
    readonly pressed?: boolean
    /** A checkbox's or radio button's checked state. */
    readonly checked?: boolean
  }
  /**
   * The suggestions a fill left open under its field (page/fillSuggestions.ts): how many options, the first three; a
   * fill picks none of them. `datalist`: the values of the field's `<datalist>` that start with what it holds (this).
   */
  readonly suggestions?: {
    readonly count: number
    readonly first: ReadonlyArray<string>
    readonly datalist?: string
  }
  /**
   * Sortable headers (`aria-sort`) the action sorted: each header's name and its new order (page/sortHeaders.ts);
   * `none`: the action unsorted it, and sorted none.
   */
  readonly sorted?: ReadonlyArray<{
    readonly header: string
    readonly order: "ascending" | "descending" | "other" | "none"
  }>
  /** Fields the browser's own form validation refused (a submit it blocked): how many, the first two. */
  readonly invalid?: {
    readonly count: number
    readonly first: ReadonlyArray<{ readonly field: string; readonly message: string }>
  }
  /** The clicked control was marked `aria-disabled="true"` and nothing changed on the page: the page ignored it. */
  readonly ignoredDisabled?: true
  /** The page called `window.print()` during the action: its print dialog, which an automated browser never shows. */
  readonly printed?: true
  /** A key press whose keydown reached the page with no key: the browser did not know the key's name. */
  readonly unknownKey?: true
  /**
   * A `drag` whose source got no `dragstart` (no HTML5 drag began) and made no text appear or go: the page showed no
   * sign of it (a drag built on mouse events may still have moved something; page/dragWatch.ts).
   */
  readonly noDragStart?: true
  /** The element a key press moved the focus to (tag and id), with its label when it has one. */
  readonly focus?: { readonly element: string; readonly label?: string }
  /** The item a key made active in the focused widget that kept the focus (its `aria-activedescendant`). */
  readonly activeItem?: { readonly element: string; readonly label?: string; readonly within: string }
  /**
   * The scroll a key press moved: from and to (CSS pixels from the top), and the most it can scroll; `within` names
   * the scrollable box (tag#id) around the focus that scrolled, none when the page did.
   */
  readonly scrolled?: { readonly from: number; readonly to: number; readonly max: number; readonly within?: string }
  /** After a `reload`: the scroll position the browser kept (CSS pixels from the top, and the most it can scroll). */
  readonly keptScroll?: { readonly y: number; readonly max: number }
  /**
   * A check or uncheck during which the page went on to another document (a filter that reloads), so upstream could
   * not read its box back and answered with an error (`upstream`): the target, and its state on the page it led to
   * (`unread` for a ref, which names nothing there): page/checkReadBack.ts.
   */
  readonly readBackLost?: { readonly target: string; readonly box: BoxNow; readonly upstream: string }
  /** After `set media …`: each emulated media query, and whether the page now matches it (page/mediaRead.ts). */
  readonly media?: ReadonlyArray<{ readonly query: string; readonly matches: boolean }>
  /** Where `mouse down|up|move` acted (viewport pixels) and the element there, as the page saw it (mousePoint.ts). */
  readonly pointer?: {
    readonly x: number
    readonly y: number
    readonly element: string
    readonly label?: string
    /** The page got a click (or a dblclick) from this mouse up. */
    readonly click?: "click" | "dblclick"
  }
}

/** A box on the page a check led to: checked, not checked, not there, or not read (a ref's). */
export type BoxNow = "checked" | "unchecked" | "absent" | "unread"

/** `shown` without the texts `drop` names (a field's own value, a typed password), its count less them. */
export const withoutTexts = <T extends { readonly count: number; readonly first: ReadonlyArray<string> }>(
  shown: T | undefined,
  drop: (text: string) => boolean
): T | undefined => {
  const first = shown?.first.filter((t) => !drop(t)) ?? []
  if (shown === undefined || first.length === 0) return undefined
  return { ...shown, count: shown.count - (shown.first.length - first.length), first }
}
