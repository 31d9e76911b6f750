export declare const BROWSERLESS_VERSION: string
export declare const BROWSERLESS_PKG: string
export declare const NODE24: string
export declare function ensureBrowserless(): string
export interface RunningBrowserless {
  readonly port: number
  readonly endpoint: string
  readonly stop: () => void
}
export declare function startBrowserless(options: { root: string; token: string; pkg?: string; node?: string; concurrent?: number; queued?: number; timeoutMs?: number }): Promise<RunningBrowserless>
