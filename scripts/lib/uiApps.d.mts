export interface UiApps {
  /** http://127.0.0.1:<port>: `/todo.html`, `/widgets.html`, and fixtures/site for every other path. */
  readonly origin: string
  /** Stops the server and removes the bundle folder. */
  readonly close: () => Promise<void>
}
export declare function startUiApps(options?: { tmpPrefix?: string }): Promise<UiApps>
