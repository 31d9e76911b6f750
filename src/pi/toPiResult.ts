/**
 * The only place a ToolResult becomes pi's result shape, and the tool_result patch that makes failures real pi
 * errors on every pi version (0.87 ignores a returned isError; the hook's patch works everywhere).
 */
import type { ToolDetails } from "../schema/ToolDetails.js"
import type { ToolResult } from "../schema/ToolResult.js"

export interface PiToolResult {
  content: Array<{ type: "text"; text: string } | { type: "image"; data: string; mimeType: string }>
  details: ToolDetails
  isError?: boolean
}

export const toPiResult = (result: ToolResult): PiToolResult => ({
  content: result.content.map((part) => ({ ...part })),
  details: result.details,
  ...(result.isError ? { isError: true } : {})
})

/** Patch for pi's tool_result event: failure results are errors. `undefined` leaves the result unchanged. */
export const toolResultPatch = (event: {
  toolName: string
  details: unknown
  isError: boolean
}): { isError: true } | undefined => {
  const details = event.details as Partial<ToolDetails> | undefined
  if (event.toolName !== "agent_browser" || event.isError) return undefined
  return details?.resultCategory === "failure" ? { isError: true } : undefined
}
