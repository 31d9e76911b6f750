/**
 * #29, against the real agent-browser and Chromium: the first open of a session (the browser launches) is one
 * upstream process, with the page's title and URL in its result; a browser that cannot start is still the launch
 * failure it was (executable-missing naming the path, the doctor first), from that one process, and the next plain
 * open launches normally. Upstream processes are counted by a ProcessRunner over the live one.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { afterAll, describe, expect, it } from "vitest"
import { BinaryLocatorLive } from "../../src/layers/BinaryLocatorLive.js"
import { makeServicesLayer } from "../../src/layers/MainLive.js"
import { ProcessRunnerLive } from "../../src/layers/ProcessRunnerLive.js"
import { toolConfigLayer } from "../../src/layers/ToolConfigLive.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { closeOwnedBrowser } from "../../src/program/lifecycle/lifecycle.js"
import { ProcessRunner, type RunRequest } from "../../src/services/ProcessRunner.js"
import { textOf, valueOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"

const live = liveWorld()
const disposers: Array<() => Promise<void>> = []
afterAll(async () => {
  for (const dispose of disposers) await dispose()
})

/** A pi session of its own (no browser yet), whose upstream processes are recorded. */
const countedSession = (piSessionId: string) => {
  const spawned: Array<RunRequest> = []
  const counting = Layer.effect(
    ProcessRunner,
    Effect.map(ProcessRunner, (runner) =>
      ProcessRunner.of({ run: (request) => Effect.suspend(() => (spawned.push(request), runner.run(request))) })
    )
  ).pipe(Layer.provide(ProcessRunnerLive))
  const runtime = ManagedRuntime.make(
    makeServicesLayer({
      config: toolConfigLayer(live.world.config),
      processes: Layer.merge(BinaryLocatorLive, counting)
    })
  )
  disposers.push(async () => {
    await runtime.runPromise(closeOwnedBrowser())
    await runtime.dispose()
  })
  return {
    spawned,
    call: (input: unknown) => runtime.runPromise(runToResult(input, { piSessionId, cwd: live.world.root }))
  }
}

describe("open in one upstream process (#29)", () => {
  it("the first open of a session launches Chromium, opens and reads the page in one process", async () => {
    const session = countedSession("open-one-first")
    const result = await session.call({ args: ["open", `${live.site.origin}/index.html`] })
    expect(result.isError).toBe(false)
    expect(result.details.pageChangeSummary).toMatchObject({
      command: "open",
      title: "Acme Sign-in",
      url: `${live.site.origin}/index.html`
    })
    expect(textOf(result)).toContain("Acme Sign-in")
    expect(session.spawned.map((r) => r.args.slice(-3).join(" "))).toEqual(["batch --omit-command --bail"])
    // the browser it launched is the session's: the next read answers from the page
    expect(valueOf(await session.call({ args: ["get", "title"] }))).toBe("Acme Sign-in")
  })

  it("a browser that cannot start is the same launch failure, from one process; the next plain open launches", async () => {
    const session = countedSession("open-one-failed")
    const result = await session.call({
      args: ["--executable-path", "/nonexistent/chrome", "open", `${live.site.origin}/index.html`]
    })
    expect(result.isError).toBe(true)
    expect(result.details.failureCategory).toBe("upstream-error")
    expect(result.details.launchDiagnostic).toMatchObject({
      reason: "executable-missing",
      executablePath: "/nonexistent/chrome",
      executableSource: "--executable-path"
    })
    expect(textOf(result)).toMatch(/^Failed \(upstream-error\): The browser could not start: /)
    expect(result.details.nextActions?.[0]?.id).toBe("run-agent-browser-doctor")
    // the failing launch ran once: in the open's batch, never again alone
    expect(session.spawned.map((r) => r.args.slice(-3).join(" "))).toEqual(["batch --omit-command --bail"])
    const next = await session.call({ args: ["open", `${live.site.origin}/about.html`] })
    expect(next.isError).toBe(false)
    expect(next.details.effectiveArgs.join(" ")).not.toContain("--executable-path")
    expect(session.spawned.length).toBe(2)
  })
})
