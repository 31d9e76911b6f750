export interface WidgetLibs {
  /** http://127.0.0.1:<port>: `/<library>.html` pages of fixtures/widget-libs, `/api/pets` for the API console. */
  readonly origin: string
  /** Every `/api/pets` request the server answered, as `GET /api/pets?limit=2`. */
  readonly requests: Array<string>
  /** Stops the server and removes the bundle folder. */
  readonly close: () => Promise<void>
}
export declare function startWidgetLibs(options?: { tmpPrefix?: string }): Promise<WidgetLibs>
/** Words of the tool's warnings: after an action whose effect is there, none may appear. */
export declare const WARNINGS: RegExp
/** How long after the tool answered an action's effect may take to show; actions are judged by the page within it. */
export declare const EFFECT_WINDOW_MS: number
