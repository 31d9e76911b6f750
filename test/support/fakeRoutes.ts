/** Scripted upstream replies for `network route` calls in the fake layer. */
import type { ScriptedRun } from "../../src/layers/test/FakeAgentBrowser.js"
import { stepsOf } from "./fakeHarness.js"

/**
 * A route's one upstream process (`batch`: the unroute of its glob, then the route, behind a pinned tab's guard, which
 * finds its page), answered as agent-browser does.
 */
export const routeBatch: ScriptedRun = {
  when: (r) => stepsOf(r).some((step) => step[1] === "unroute"),
  reply: (r) => ({
    exitCode: 0,
    stdout: `${JSON.stringify(
      stepsOf(r).map((step) => ({
        command: step,
        success: true,
        result: step[0] === "eval" ? true : step[1] === "unroute" ? { unrouted: step[2] } : { routed: step[2] },
        error: null
      }))
    )}\n`
  }),
  repeat: true
}
