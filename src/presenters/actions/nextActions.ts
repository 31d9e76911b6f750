/**
 * The next-action builders: every follow-up the tool may suggest, its id from the registry
 * (`schema/NextActionIds.ts`). Builders only; the presenter picks which apply. Args are session-prefixed when the
 * call targeted a named session. One file per family of follow-ups under `next/`; this is their one index.
 */
import type { NextActionId } from "../../schema/NextActionIds.js"
import { artifactNextActions } from "./next/artifacts.js"
import { diagnosticsNextActions } from "./next/diagnostics.js"
import { networkNextActions } from "./next/network.js"
import { pageChangeNextActions } from "./next/pageChange.js"
import { recoveryNextActions } from "./next/recovery.js"
import { securityNextActions } from "./next/security.js"
import { selectorRecoveryNextActions } from "./next/selectorRecovery.js"
import { timeoutNextActions } from "./next/timeouts.js"
import { usageNextActions } from "./next/usage.js"

export type { NextActionId }
export { type CallInput, QUICK_CHECK_TIMEOUT_MS } from "./next/make.js"

export const nextActions = {
  ...diagnosticsNextActions,
  ...securityNextActions,
  ...selectorRecoveryNextActions,
  ...recoveryNextActions,
  ...timeoutNextActions,
  ...pageChangeNextActions,
  ...networkNextActions,
  ...usageNextActions,
  ...artifactNextActions
} as const
