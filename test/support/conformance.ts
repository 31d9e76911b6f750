/** The contract conformance tests' shared plan and next-action rules (contractConformance, contractShapes). */
import { expect } from "@effect/vitest"
import * as Either from "effect/Either"
import * as Schema from "effect/Schema"
import { resolveInputMode } from "../../src/program/pipeline/prepare.js"
import { planInvocation } from "../../src/program/pipeline/planInvocation.js"
import { formatFailure } from "../../src/presenters/text/formatFailure.js"
import { familyOfNextActionId } from "../../src/schema/NextActionIds.js"
import type { Plan } from "../../src/domain/Plan.js"
import { initialSessionState } from "../../src/domain/SessionState.js"
import { NextAction } from "../../src/schema/NextAction.js"
import { type ToolError } from "../../src/schema/ToolError.js"
import type { ToolInput } from "../../src/schema/ToolInput.js"
import { testConfig } from "./fakeHarness.js"

export const config = testConfig("/tmp/conformance")
export const planOf = (raw: ToolInput): Plan => {
  const resolved = resolveInputMode(raw, "/work/cwd")
  if (Either.isLeft(resolved)) throw new Error(resolved.left.message)
  const planned = planInvocation(resolved.right.input, initialSessionState("pi-conf-0001"), config, "/work/cwd")
  if (Either.isLeft(planned)) throw new Error(planned.left.message)
  return { ...planned.right, compiled: resolved.right.compiled }
}
export const plan = planOf({ args: ["click", "#go"] })
export const session = plan.sessionName!
export const redact = (argv: ReadonlyArray<string>) => argv

/** The rules every next action follows, then its ids. */
/** `prefixed`: the session every args action starts with; null for sessionless actions. */
export const conforming = (
  actions: ReadonlyArray<NextAction>,
  prefixed: string | null = session
): ReadonlyArray<string> => {
  for (const a of actions) {
    expect(Either.isRight(Schema.decodeUnknownEither(NextAction)(a)), a.id).toBe(true)
    expect(a.tool).toBe("agent_browser")
    expect(familyOfNextActionId(a.id), a.id).toBeDefined()
    expect(a.reason.length).toBeGreaterThan(0)
    const args = a.params?.args
    if (prefixed !== null && args !== undefined) expect(args.slice(0, 2), a.id).toEqual(["--session", prefixed])
  }
  return actions.map((a) => a.id)
}
export const failureIds = (error: ToolError, p: Plan = plan) =>
  conforming(formatFailure(p, error).nextActions, p.sessionName ?? null)
