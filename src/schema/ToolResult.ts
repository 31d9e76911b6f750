import type { ToolDetails } from "./ToolDetails.js"

export type ContentPart =
  | { readonly type: "text"; readonly text: string }
  | { readonly type: "image"; readonly data: string; readonly mimeType: string }

/** A finished call, independent of pi: what the model reads, what is persisted, and whether it failed. */
export interface ToolResult {
  readonly content: ReadonlyArray<ContentPart>
  readonly details: ToolDetails
  readonly isError: boolean
}
