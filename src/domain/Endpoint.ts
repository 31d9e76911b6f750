/** A browser as its own DevTools endpoint shows it (services/BrowserEndpoints.ts), and the loss of one. */

export interface EndpointTarget {
  readonly id: string
  readonly type: string
  readonly url: string
  /** The tab's own CDP WebSocket. */
  readonly webSocketDebuggerUrl?: string
}

/** A CDP command sent ahead of the one whose answer is awaited, on the same connection (its answer is not read). */
export interface CdpCall {
  readonly method: string
  readonly params: Readonly<Record<string, unknown>>
}

/** What answers at an endpoint now. */
export interface EndpointView {
  /** The browser's id (the last segment of its `/json/version` WebSocket URL): a new browser has a new one. */
  readonly browserId: string
  readonly targets: ReadonlyArray<EndpointTarget>
}

/** What was recorded after a call that worked. */
export interface EndpointRecord {
  /** The HTTP base of the endpoint (`http://127.0.0.1:9222`). */
  readonly endpoint: string
  /** Absent once a loss was reported: the endpoint is kept, the browser behind it is not known yet. */
  readonly browserId?: string
  /** The session's tab (from the daemon's `<session>.target`), when known. */
  readonly targetId?: string
  /** Its page then. */
  readonly url?: string
}

export interface EndpointLoss {
  readonly session: string
  readonly endpoint: string
  readonly reason: "unreachable" | "replaced" | "target-closed"
  readonly lastUrl?: string
}
