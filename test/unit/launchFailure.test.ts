/**
 * Launch failures, classified once from upstream's replies. Every message here was recorded from agent-browser 0.41.2
 * with Debian Chromium 156 on this machine (root): a missing executable, a stand-in that exits 1, real Chromium with
 * `--no-sandbox` stripped, a profile folder held by another Chromium, a named profile with no user data dir, `--cdp`
 * on a port with nothing listening, and a `--cdp` host that does not resolve.
 */
import { describe, expect, it } from "vitest"
import { formatFailure } from "../../src/presenters/text/formatFailure.js"
import { errorDetails } from "../../src/presenters/details/errorDetails.js"
import { UpstreamFailed } from "../../src/schema/ToolError.js"
import { classifyUpstream } from "../../src/upstream/classifyReply.js"
import { classifyErrorText } from "../../src/upstream/classifyErrorText.js"
import { parseCommandLine } from "../../src/upstream/commandLine.js"
import { browserChoice, withChoice } from "../../src/upstream/launchFailure.js"
import { parseLockTarget } from "../../src/os/profileLock.js"

const RECORDED = {
  missing: 'Failed to launch Chrome at "/nonexistent/chrome": No such file or directory (os error 2)',
  autoLaunchMissing:
    'Auto-launch failed: Failed to launch Chrome at "/nonexistent/chrome": No such file or directory (os error 2)',
  notRunnable: 'Failed to launch Chrome at "/nonexistent": Permission denied (os error 13)',
  exitsAtOnce:
    "Chrome exited early (exit code: 1) without writing DevToolsActivePort\n(also tried parsing stderr) Chrome exited before providing DevTools URL\nChrome stderr (last 1 lines):\n  stand-in failing",
  sandbox:
    'Chrome exited early (exit code: 1) without writing DevToolsActivePort\n(also tried parsing stderr) Chrome exited before providing DevTools URL\nChrome stderr:\n  [7224:7224:1123/155201.652319:ERROR:content/browser/zygote_host/zygote_host_impl_linux.cc:103] Running as root without --no-sandbox is not supported. See https://crbug.com/638180.\nHint: try --args "--no-sandbox" (required in containers, VMs, and some Linux setups)',
  profileLocked:
    "Chrome exited early (exit code: 21) without writing DevToolsActivePort\n(also tried parsing stderr) Chrome exited before providing DevTools URL\nChrome stderr:\n  [7566:7566:1123/155210.526586:ERROR:chrome/browser/process_singleton_posix.cc:349] Failed to create /tmp/piab-repro-eoJ3/prof/SingletonLock: File exists (17)\n  [7566:7566:1123/155210.527370:ERROR:chrome/app/chrome_main_delegate.cc:624] Failed to create a ProcessSingleton for your profile directory. This means that running multiple instances would start multiple browser processes rather than opening a new window in the existing process. Aborting now to avoid profile corruption.\n  [7587:7587:0100/000000.887945:ERROR:content/zygote/zygote_linux.cc:662] write: Broken pipe (32)",
  otherHostLock:
    "Chrome exited early (exit code: 21) without writing DevToolsActivePort\n(also tried parsing stderr) Chrome exited before providing DevTools URL\nChrome stderr:\n  [7336:7336:1205/125207.231836:ERROR:chrome/browser/process_singleton_posix.cc:367] The profile appears to be in use by another Chromium process (4999999) on another computer (otherhost). Chromium has locked the profile so that it doesn't get corrupted. If you are sure no other processes are using this profile, you can unlock the profile and relaunch Chromium.\n  Error: Can't open display: \n  [7373:7373:0100/000000.307905:ERROR:content/zygote/zygote_linux.cc:662] write: Broken pipe (32)",
  profileName:
    "No Chrome user data directory found. Cannot resolve profile name.\nIf you meant a directory path, use a full path (e.g., /path/to/profile).",
  cdpRefused:
    "All CDP discovery methods failed for 127.0.0.1:9444: /json/version: Failed to connect to CDP at 127.0.0.1:9444: error sending request for url (http://127.0.0.1:9444/json/version); /json/list: Failed to connect to /json/list at 127.0.0.1:9444: error sending request for url (http://127.0.0.1:9444/json/list); WebSocket: WebSocket connect failed at ws://127.0.0.1:9444/devtools/browser: IO error: Connection refused (os error 111)",
  cdpUnresolved:
    "CDP WebSocket connect failed: IO error: failed to lookup address information: Name or service not known",
  autoConnect: "No running Chrome instance found. Launch Chrome with --remote-debugging-port or use --cdp."
} as const

const launchOf = (message: string) => {
  const error = classifyErrorText(message, { stderr: "", exitCode: 1 })
  expect(error._tag).toBe("UpstreamFailed")
  return (error as UpstreamFailed).launch
}

describe("launch failures are recognised from upstream's reply", () => {
  it("a missing executable, also when a later plain command auto-launches", () => {
    expect(launchOf(RECORDED.missing)).toEqual({ reason: "executable-missing", executablePath: "/nonexistent/chrome" })
    expect(launchOf(RECORDED.autoLaunchMissing)).toEqual({
      reason: "executable-missing",
      executablePath: "/nonexistent/chrome"
    })
    expect(launchOf(RECORDED.notRunnable)).toEqual({
      reason: "executable-not-runnable",
      executablePath: "/nonexistent"
    })
  })

  it("a browser that exits at once, refuses root without --no-sandbox, or finds its profile locked", () => {
    expect(launchOf(RECORDED.exitsAtOnce)).toEqual({ reason: "exited-at-start", browserExitCode: 1 })
    expect(launchOf(RECORDED.sandbox)).toEqual({ reason: "sandbox", browserExitCode: 1 })
    expect(launchOf(RECORDED.profileLocked)).toEqual({
      reason: "profile-locked",
      browserExitCode: 21,
      profile: "/tmp/piab-repro-eoJ3/prof"
    })
    expect(launchOf(RECORDED.profileName)).toEqual({ reason: "profile-not-found" })
  })

  it("a CDP endpoint that refuses, does not resolve, or is not found by --auto-connect", () => {
    expect(launchOf(RECORDED.cdpRefused)).toEqual({ reason: "cdp-unreachable", endpoint: "127.0.0.1:9444" })
    expect(launchOf(RECORDED.cdpUnresolved)).toEqual({ reason: "cdp-unreachable" })
    expect(launchOf(RECORDED.autoConnect)).toEqual({ reason: "cdp-unreachable" })
  })

  it("a launch failure in upstream's JSON envelope is classified the same way, as upstream-error", () => {
    const result = classifyUpstream({ kind: "browser", line: parseCommandLine(["open", "about:blank"]) }, {
      stdout: JSON.stringify({ error: RECORDED.missing, success: false }),
      stderr: "",
      exitCode: 1
    } as never)
    expect(result._tag).toBe("Left")
    const error = (result as { left: UpstreamFailed }).left
    expect(error._tag).toBe("UpstreamFailed")
    expect(error.launch?.reason).toBe("executable-missing")
  })

  it("page errors are not launch failures", () => {
    expect(
      (classifyErrorText("Tab t99 not found", { stderr: "", exitCode: 1 }) as UpstreamFailed).launch
    ).toBeUndefined()
    expect(classifyErrorText("Element not found: #nope. Verify the selector", { stderr: "", exitCode: 1 })._tag).toBe(
      "SelectorNotFound"
    )
  })
})

describe("the browser a call chose completes the diagnostic", () => {
  it("names the source of the executable and the endpoint", () => {
    const env = { AGENT_BROWSER_EXECUTABLE_PATH: "/env/chrome" }
    expect(browserChoice(parseCommandLine(["--executable-path", "/flag/chrome", "open", "x"]), env)).toMatchObject({
      executablePath: "/flag/chrome",
      executableSource: "--executable-path"
    })
    expect(browserChoice(parseCommandLine(["open", "x"]), env)).toMatchObject({
      executablePath: "/env/chrome",
      executableSource: "AGENT_BROWSER_EXECUTABLE_PATH"
    })
    expect(browserChoice(parseCommandLine(["open", "x"]), {})).toMatchObject({
      executablePath: undefined,
      executableSource: "upstream-default"
    })
    const choice = browserChoice(parseCommandLine(["--cdp", "ws://no-such-host.invalid:9222/x", "open", "x"]), env)
    expect(withChoice({ reason: "cdp-unreachable" }, choice)).toEqual({
      reason: "cdp-unreachable",
      endpoint: "ws://no-such-host.invalid:9222/x"
    })
    expect(
      withChoice({ reason: "exited-at-start", browserExitCode: 1 }, browserChoice(parseCommandLine(["open", "x"]), env))
    ).toEqual({
      reason: "exited-at-start",
      browserExitCode: 1,
      executablePath: "/env/chrome",
      executableSource: "AGENT_BROWSER_EXECUTABLE_PATH"
    })
  })
})

describe("a launch failure as the model reads it", () => {
  const failure = (message: string, launch: NonNullable<UpstreamFailed["launch"]>) =>
    new UpstreamFailed({ upstreamMessage: message, stderr: "", exitCode: 1, launch })

  it("says what is missing, how to fix it here, and offers the doctor", () => {
    const formatted = formatFailure(
      undefined,
      failure(RECORDED.missing, {
        reason: "executable-missing",
        executablePath: "/nonexistent/chrome",
        executableSource: "--executable-path"
      })
    )
    expect(formatted.text).toContain("no browser executable at /nonexistent/chrome (set by --executable-path)")
    expect(formatted.text).toContain(
      "AGENT_BROWSER_EXECUTABLE_PATH, --executable-path or config browser.executablePath"
    )
    expect(formatted.text).toContain("agent-browser install")
    expect(formatted.nextActions).toEqual([
      {
        tool: "agent_browser",
        id: "run-agent-browser-doctor",
        reason: expect.any(String),
        safety: expect.any(String),
        params: { args: ["doctor", "--offline"] }
      }
    ])
  })

  it("tells root to use --no-sandbox, and offers the profile list for profile failures", () => {
    expect(
      formatFailure(undefined, failure(RECORDED.sandbox, { reason: "sandbox", browserExitCode: 1 })).text
    ).toContain("AGENT_BROWSER_ARGS=--no-sandbox")
    const locked = formatFailure(
      undefined,
      failure(RECORDED.profileLocked, { reason: "profile-locked", profile: "/p" })
    )
    expect(locked.text).toContain("the profile folder /p is in use by another browser")
    expect(locked.nextActions.map((a) => a.id)).toEqual(["inspect-browser-profiles", "run-agent-browser-doctor"])
    expect(locked.nextActions[0]?.params?.args).toEqual(["profiles"])
  })

  it("names the endpoint that did not answer, and puts the diagnostic in details", () => {
    const error = failure(RECORDED.cdpRefused, { reason: "cdp-unreachable", endpoint: "127.0.0.1:9444" })
    expect(formatFailure(undefined, error).text).toContain("no browser answered at 127.0.0.1:9444")
    expect(errorDetails(error, (a) => a).launchDiagnostic).toEqual({
      reason: "cdp-unreachable",
      endpoint: "127.0.0.1:9444"
    })
  })
})

describe("a locked profile is said from its SingletonLock (#41 item 6)", () => {
  it("Chromium's refusal of another host's lock names the host and pid", () => {
    expect(launchOf(RECORDED.otherHostLock)).toEqual({
      reason: "profile-locked",
      browserExitCode: 21,
      profileLock: { host: "otherhost", pid: 4999999, sameHost: false }
    })
  })

  it("the lock link's target is <host>-<pid>, the pid after the last dash", () => {
    expect(parseLockTarget("my-box-12-345", "my-box-12")).toEqual({ host: "my-box-12", pid: 345, sameHost: true })
    expect(parseLockTarget("otherhost-99", "vm")).toEqual({ host: "otherhost", pid: 99, sameHost: false })
    expect(parseLockTarget("garbage", "vm")).toBeUndefined()
  })

  const failure = (message: string, launch: NonNullable<UpstreamFailed["launch"]>) =>
    new UpstreamFailed({ upstreamMessage: message, stderr: "", exitCode: 1, launch })
  const locked = (profileLock: NonNullable<UpstreamFailed["launch"]>["profileLock"]) =>
    formatFailure(
      undefined,
      failure(RECORDED.otherHostLock, {
        reason: "profile-locked",
        profile: "/p",
        ...(profileLock !== undefined ? { profileLock } : {})
      })
    ).text

  it("a lock whose pid does not run here is stale, never another browser's", () => {
    const text = locked({ host: "otherhost", pid: 4999999, sameHost: false, pidRunning: false })
    expect(text).toContain(
      'The browser could not start: the profile folder /p has a stale lock: its lock file names process 4999999 on host "otherhost", and no process 4999999 runs on this machine, so no browser here holds it (Chromium refuses a lock written under another host name; "otherhost" may be this machine under an earlier name, e.g. a restarted container).'
    )
    expect(text).toContain(
      'Fix: Remove /p/SingletonLock (and SingletonSocket, SingletonCookie beside it), then retry. Only if a browser on "otherhost" still uses this folder (a shared folder), close it there first.'
    )
    expect(text).not.toContain("in use by another browser")
    const here = locked({ host: "vm", pid: 4999999, sameHost: true, pidRunning: false })
    expect(here).toContain(
      'has a stale lock: its lock file names process 4999999 on host "vm", and no process 4999999 runs on this machine, so no browser here holds it.'
    )
    expect(here).not.toContain("another host name")
  })

  it("a running pid is in use; an unchecked one is said unchecked", () => {
    expect(locked({ host: "vm", pid: 42, sameHost: true, pidRunning: true })).toContain(
      'the profile folder /p is in use: its lock names process 42 on host "vm", which is running.'
    )
    expect(locked({ host: "vm", pid: 42, sameHost: true })).toContain(
      "(whether that process runs here was not checked)"
    )
    expect(locked(undefined)).toContain("the profile folder /p is in use by another browser.")
  })
})
