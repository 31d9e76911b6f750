/** The planner: session injection, launch-flag rules, stdin rules and the child environment. Pure. */
import * as Either from "effect/Either"
import { describe, expect, it } from "vitest"
import { planInvocation } from "../../src/program/pipeline/planInvocation.js"
import type { Plan } from "../../src/domain/Plan.js"
import { initialSessionState, type SessionState } from "../../src/domain/SessionState.js"
import type { ToolInput } from "../../src/schema/ToolInput.js"
import { testConfig } from "../support/fakeHarness.js"

const config = testConfig("/tmp/x", { env: { PATH: "/bin", AGENT_BROWSER_DEFAULT_TIMEOUT: "60000" } })
const fresh = initialSessionState("pi-aaaa-bbbb")
const active: SessionState = {
  ...fresh,
  managed: { ...fresh.managed, active: true, launchFlags: ["--profile", "Work"] }
}

const plan = (input: ToolInput & { readonly args: ReadonlyArray<string> }, state: SessionState = fresh): Plan => {
  const result = planInvocation(input, state, config, "/work/cwd")
  if (Either.isLeft(result)) throw new Error(result.left.message)
  return result.right
}
const reject = (input: ToolInput & { readonly args: ReadonlyArray<string> }, state: SessionState = fresh) => {
  const result = planInvocation(input, state, config, "/work/cwd")
  if (Either.isRight(result)) throw new Error("expected a validation error")
  return result.left
}

describe("planInvocation", () => {
  it("injects --json and the managed session", () => {
    const p = plan({ args: ["open", "http://x"] })
    expect(p.effectiveArgs).toEqual(["--json", "--session", "pi-aaaa-bbbb", "open", "http://x"])
    expect(p.usedImplicitSession).toBe(true)
    expect(p.timeoutMs).toBe(35_000)
  })

  it("leaves an explicit --session untouched", () => {
    const p = plan({ args: ["--session", "mine", "--profile", "P", "open", "http://x"] }, active)
    expect(p.effectiveArgs).toEqual(["--json", "--session", "mine", "--profile", "P", "open", "http://x"])
    expect(p.sessionRole).toBe("explicit")
    expect(p.usedImplicitSession).toBe(false)
  })

  it("treats the managed session named explicitly as managed", () => {
    const p = plan({ args: ["--session", "pi-aaaa-bbbb", "snapshot", "-i"] }, active)
    expect(p.sessionRole).toBe("managed")
    expect(p.effectiveArgs).toEqual(["--json", "--session", "pi-aaaa-bbbb", "--profile", "Work", "snapshot", "-i"])
  })

  it.each([["--help"], ["--version"], ["click", "--help"]])("%s is inspection: no --json, no session", (...args) => {
    const p = plan({ args })
    expect(p.kind).toBe("inspection")
    expect(p.effectiveArgs).toEqual(args)
  })

  it.each([
    ["session", "list"],
    ["profiles"],
    ["doctor"],
    ["skills", "list"],
    ["auth", "list"],
    ["state", "list"],
    ["state", "clear", "--all"],
    ["device", "list"]
  ])("%s %s is sessionless", (...args) => {
    const p = plan({ args })
    expect(p.kind).toBe("sessionless")
    expect(p.effectiveArgs).toEqual(["--json", ...args])
    expect(p.usedImplicitSession).toBe(false)
  })

  it("re-sends the session's launch flags (except --state) so upstream never relaunches", () => {
    const withState: SessionState = {
      ...fresh,
      managed: { ...fresh.managed, active: true, launchFlags: ["--allowed-domains", "127.0.0.1", "--state", "s.json"] }
    }
    expect(plan({ args: ["get", "url"] }, withState).effectiveArgs).toEqual([
      "--json",
      "--session",
      "pi-aaaa-bbbb",
      "--allowed-domains",
      "127.0.0.1",
      "get",
      "url"
    ])
  })

  it("accepts the same launch flags again, refuses different ones with a fresh hint", () => {
    expect(plan({ args: ["--profile", "Work", "open", "http://x"] }, active).effectiveArgs).toContain("--profile")
    const error = reject({ args: ["--cdp", "9222", "open", "http://x"] }, active)
    const argv = ["--cdp", "9222", "open", "http://x"]
    expect(error.sessionRecoveryHint).toEqual({
      reason: "launch-flags-on-active-session",
      recommendedSessionMode: "fresh",
      exampleArgs: argv,
      exampleParams: { args: argv, sessionMode: "fresh" },
      flags: ["--cdp"],
      activeSession: "pi-aaaa-bbbb"
    })
    expect(error.message).toContain('sessionMode "fresh"')
  })

  it("wait's own --state <visible|hidden|attached|detached> is the element state, not the launch flag", () => {
    for (const args of [
      ["wait", "#sp", "--state", "hidden"],
      ["wait", "#sp", "--state=detached"]
    ]) {
      const p = plan({ args }, active)
      expect(p.launchFlags).toEqual(["--profile", "Work"])
      expect(p.line.positionals).toEqual(args)
      expect(p.effectiveArgs.slice(-args.length)).toEqual(args)
    }
    // a state file is still the launch flag, also after wait
    expect(reject({ args: ["wait", "#sp", "--state", "auth.json"] }, active).message).toContain("--state")
    expect(plan({ args: ["--state", "hidden", "open", "http://x"] }).launchFlags).toEqual(["--state", "hidden"])
  })

  it("a first call may carry launch flags; they are recorded for the session", () => {
    const p = plan({ args: ["--profile", "Default", "open", "http://x"] })
    expect(p.launchFlags).toEqual(["--profile", "Default"])
  })

  it("sessionMode fresh targets the next generated name", () => {
    const p = plan({ args: ["--cdp", "9222", "open", "http://x"], sessionMode: "fresh" }, active)
    expect(p.sessionRole).toBe("fresh")
    expect(p.sessionName).toBe("pi-aaaa-bbbb-1")
    expect(p.effectiveArgs).toEqual(["--json", "--session", "pi-aaaa-bbbb-1", "--cdp", "9222", "open", "http://x"])
  })

  it("refuses to launch a fresh browser only to close it", () => {
    expect(reject({ args: ["close"], sessionMode: "fresh" }).field).toBe("sessionMode")
  })

  it("moves trailing eval --stdin tokens into stdin", () => {
    const p = plan({ args: ["eval", "--stdin", "document.title"] })
    expect(p.effectiveArgs.slice(-2)).toEqual(["eval", "--stdin"])
    expect(p.stdin).toBe("document.title")
    expect(reject({ args: ["eval", "--stdin", "x"], stdin: "y" }).field).toBe("stdin")
  })

  it.each([[["click", "@e1"]], [["snapshot"]], [["open", "http://x"]], [["eval", "1+1"]]])(
    "rejects stdin for %j before launch",
    (args) => {
      expect(reject({ args, stdin: "x" }).field).toBe("stdin")
    }
  )

  it("allows stdin for eval --stdin, batch and auth save --password-stdin", () => {
    expect(plan({ args: ["eval", "--stdin"], stdin: "1" }).stdin).toBe("1")
    expect(plan({ args: ["batch"], stdin: "[]" }).stdin).toBe("[]")
    expect(plan({ args: ["auth", "save", "me", "--password-stdin"], stdin: "pw" }).kind).toBe("sessionless")
    expect(reject({ args: ["batch", "get url"], stdin: "[]" }).field).toBe("stdin")
  })

  it("refuses batch stdin upstream cannot read, naming the step and the shape", () => {
    for (const stdin of [
      "get url",
      "{}",
      '["get url"]',
      "[[]]",
      '[["get", 1]]',
      `${"[".repeat(10_000)}${"]".repeat(10_000)}`
    ]) {
      const refused = reject({ args: ["batch"], stdin })
      expect(refused.field).toBe("stdin")
      expect(refused.message).toContain('[["open","<url>"],["get","title"]]')
    }
    expect(reject({ args: ["batch"], stdin: '[["get","url"],"get title"]' }).message).toContain(
      "step 1 is not a non-empty array of strings"
    )
    expect(plan({ args: ["batch"], stdin: '[["get","url"]]' }).stdin).toBe('[["get","url"]]')
  })

  it("rejects a bare mcp server and flag-only args", () => {
    expect(reject({ args: ["mcp"] }).message).toContain("mcp")
    expect(plan({ args: ["mcp", "--help"] }).kind).toBe("inspection")
    expect(reject({ args: ["--headed"] }).field).toBe("args")
  })

  it("drops a caller --json (always injected) and remembers it was asked for", () => {
    const p = plan({ args: ["--json", "get", "url"] })
    expect(p.effectiveArgs.filter((a) => a === "--json")).toHaveLength(1)
    expect(p.callerRequestedJson).toBe(true)
  })

  it("resolves relative output paths against the pi cwd", () => {
    const p = plan({ args: ["screenshot", "shots/a.png"] })
    expect(p.outputPath).toBe("/work/cwd/shots/a.png")
    expect(p.effectiveArgs.at(-1)).toBe("/work/cwd/shots/a.png")
    expect(plan({ args: ["pdf", "/abs/x.pdf"] }).outputPath).toBe("/abs/x.pdf")
    expect(plan({ args: ["screenshot"] }).outputPath).toBeUndefined()
  })

  it("sets the private socket dir, the idle backstop for managed sessions, and clamps the upstream default timeout", () => {
    expect(plan({ args: ["get", "url"] }).env).toEqual({
      AGENT_BROWSER_SOCKET_DIR: "/tmp/x/s",
      AGENT_BROWSER_IDLE_TIMEOUT_MS: "60000",
      AGENT_BROWSER_DEFAULT_TIMEOUT: "25000"
    })
    expect(plan({ args: ["--session", "mine", "get", "url"] }).env["AGENT_BROWSER_IDLE_TIMEOUT_MS"]).toBeUndefined()
  })
})
