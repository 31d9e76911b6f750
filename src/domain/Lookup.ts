/** What `sourceLookup` and `networkSourceLookup` report: candidate source locations with evidence, never proof. */

export type CandidateConfidence = "high" | "medium" | "low"

export interface SourceCandidate {
  readonly source: "react-inspect" | "dom-attribute" | "workspace-search"
  readonly confidence: CandidateConfidence
  readonly evidence: ReadonlyArray<string>
  readonly file?: string
  readonly line?: number
  readonly column?: number
  readonly componentName?: string
}

export interface SourceLookupReport {
  readonly status: "candidates-found" | "no-candidates" | "unsupported"
  readonly candidates: ReadonlyArray<SourceCandidate>
  readonly limitations: ReadonlyArray<string>
  readonly summary: string
  readonly workspaceRoot?: string
  /** A no-candidates lookup in a wrapper-launched Electron app's session: which app, so live inspection can follow. */
  readonly electronContext?: ElectronLookupContext
}

export interface ElectronLookupContext {
  readonly launchId?: string
  readonly appName?: string
  readonly appPath?: string
  readonly executablePath?: string
  readonly sessionName?: string
  readonly url?: string
}

export interface FailedRequest {
  readonly requestId?: string
  readonly url?: string
  readonly status?: number
  readonly method?: string
  readonly error?: string
}

export interface NetworkCandidate {
  readonly source: "initiator" | "workspace-search"
  readonly confidence: CandidateConfidence
  readonly evidence: ReadonlyArray<string>
  readonly file?: string
  readonly line?: number
  readonly requestUrl?: string
}

export interface NetworkSourceLookupReport {
  readonly status: "failed-requests-found" | "no-failed-requests" | "no-candidates"
  readonly failedRequests: ReadonlyArray<FailedRequest>
  readonly candidates: ReadonlyArray<NetworkCandidate>
  readonly limitations: ReadonlyArray<string>
  readonly summary: string
}

/** A finished lookup, as `Executed` carries it to the Presenter. */
export type LookupReport =
  | { readonly mode: "sourceLookup"; readonly report: SourceLookupReport }
  | { readonly mode: "networkSourceLookup"; readonly report: NetworkSourceLookupReport }

/** Wrapper-only `network requests --current-page|--current-origin|--current-url`: rows kept for the active page. */
export type PageFilterMode = "current-page" | "current-origin" | "current-url"

export interface NetworkRequestsPageFilter {
  readonly cleanArgs: ReadonlyArray<string>
  readonly currentUrl: string
  readonly mode: PageFilterMode
  readonly matchedRows: number
  readonly totalRows: number
}

/** Workspace scan bounds: the default and the hard cap on source files read, and the candidates kept. */
/** Attributes that name an element's source file, line and column (build plugins such as react-dev-inspector's). */
export const SOURCE_FILE_ATTRS = ["data-source-file", "data-file", "data-component-file", "data-source"] as const
export const SOURCE_LINE_ATTRS = ["data-source-line", "data-line"] as const
export const SOURCE_COLUMN_ATTRS = ["data-source-column", "data-column"] as const
export const SOURCE_ATTRS: ReadonlyArray<string> = [...SOURCE_FILE_ATTRS, ...SOURCE_LINE_ATTRS, ...SOURCE_COLUMN_ATTRS]

export const DEFAULT_WORKSPACE_FILES = 2_000
export const MAX_WORKSPACE_FILES = 5_000
export const MAX_WORKSPACE_CANDIDATES = 10
