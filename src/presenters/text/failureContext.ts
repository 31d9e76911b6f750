/** What each failure category's formatter reads besides its error: the plan, its session, the caller's args. */
import type { Plan } from "../../domain/Plan.js"
import type { NextAction } from "../../schema/NextAction.js"
import type { ToolError } from "../../schema/ToolError.js"

export interface FailureContext {
  readonly plan: Plan | undefined
  readonly session: string | undefined
  /** The caller's args as given, for retries suggested before a plan exists. */
  readonly args: ReadonlyArray<string>
}

/** The error of one category, by its tag. */
export type FailureOf<T extends ToolError["_tag"]> = Extract<ToolError, { readonly _tag: T }>

export const none: ReadonlyArray<NextAction> = []
