/** Facts read from the page after a command: viewport position, and a tab re-selected after drift. */
import type { ScrollContainerSample } from "../schema/PageDiagnostics.js"
export interface ViewportFacts {
  readonly scrollX: number
  readonly scrollY: number
  readonly width: number
  readonly height: number
  readonly pageWidth: number
  readonly pageHeight: number
  /** The page's scrollable containers (the scroll probe's sample: the ten largest, by index, tag and role only). */
  readonly containerCount?: number
  readonly containers?: ReadonlyArray<ScrollContainerSample>
}

export interface TabCorrection {
  readonly reselected: string
  readonly from: string
  /**
   * `focus-lost`: before a command that stays on its page, the active tab was not the session's known page.
   * `focus-stolen`: after a command, another tab had the focus (`stolenBy`); the tab it ran on was re-selected.
   */
  readonly reason?: "after-open" | "focus-lost" | "focus-stolen"
  readonly stolenBy?: string
}

/** A tab the clicked page opened itself (window.open, a target=_blank link), which the session now follows. */
export interface OpenedTab {
  readonly tabId: string
  /** The tab the click ran on, which still holds the page it was on. */
  readonly from: string
}

/** The tab a command ran on closed during it (the page called window.close): the tab in front now. */
export interface ClosedTab {
  /** The tab commands act on now (the browser's front tab). */
  readonly now: string
}

/** The page a session was last seen on; `title` is absent when only the URL was read (a snapshot's origin, back). */
export interface LastPage {
  readonly url: string
  readonly title?: string
  /** The result that landed here already said the page showed almost nothing yet: a snapshot does not say it again. */
  readonly nearEmptyNoted?: boolean
}
