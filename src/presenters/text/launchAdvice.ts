/**
 * What a browser that could not start or be reached means on this machine, and how to fix it: the browser path it
 * tried and what chose it, the variables and config keys that choose the browser, `agent-browser install`,
 * `--no-sandbox` for root. Shared by a failed call (formatFailure) and the pi doctor. Pure.
 */
import type { LaunchDiagnostic } from "../../schema/ToolError.js"
import { profileLockAdvice } from "./profileLockAdvice.js"

/** Upstream's own message, kept short (details.error has all of it). */
const UPSTREAM_CHARS = 600

const CHOOSE_BROWSER =
  "Choose the browser with AGENT_BROWSER_EXECUTABLE_PATH, --executable-path or config browser.executablePath " +
  "(e.g. /usr/bin/chromium; Debian: apt-get install -y chromium), or run `agent-browser install` and drop the " +
  "override."

const chosenBy = (launch: LaunchDiagnostic): string =>
  launch.executableSource === "--executable-path"
    ? " (set by --executable-path)"
    : launch.executableSource === "AGENT_BROWSER_EXECUTABLE_PATH"
      ? " (set by AGENT_BROWSER_EXECUTABLE_PATH)"
      : launch.executableSource === "upstream-default"
        ? " (agent-browser's default)"
        : ""

const browser = (launch: LaunchDiagnostic): string =>
  launch.executablePath !== undefined
    ? `${launch.executablePath}${chosenBy(launch)}`
    : "the browser agent-browser looked for"

export interface LaunchAdvice {
  /** What is missing or refused, naming the path or endpoint. */
  readonly problem: string
  /** How to fix it here. */
  readonly fix: string
  readonly summary: string
}

/** A daemon that did not come up, or a browser reached over the network: a pool, a provider, a CDP endpoint. */
const remoteAdvice = (
  launch: LaunchDiagnostic,
  reason: "daemon-start" | "pool-full" | "provider-api" | "cdp-unreachable"
): LaunchAdvice => {
  switch (reason) {
    case "daemon-start":
      return {
        problem:
          "agent-browser's daemon for this session did not come up, twice (another process started the same " +
          "session at the same moment, or the daemon exited while starting).",
        fix:
          "Run the doctor: it checks the binary and the browser, and clears stale socket files. A session " +
          "another tool also starts (the raw CLI, another agent with other settings) needs a session name of its " +
          "own.",
        summary: "Session daemon did not start"
      }
    case "pool-full":
      return {
        problem:
          `the browser pool at ${launch.endpoint ?? "the CDP endpoint"} is full: every browser it may run is in ` +
          "use and its queue is full (HTTP 429 Too Many Requests).",
        fix:
          "Wait for another agent to finish (quitting pi releases its pool browser), then retry with a longer " +
          "timeoutMs: the tool keeps asking the pool for that long. If this is common, raise the pool's limits " +
          "(Browserless: CONCURRENT, QUEUED).",
        summary: `Browser pool full${launch.endpoint !== undefined ? ` at ${launch.endpoint}` : ""}`
      }
    case "provider-api":
      return {
        problem:
          `the ${launch.provider ?? "provider"} API` +
          `${launch.endpoint !== undefined ? ` at ${launch.endpoint}` : ""} answered ` +
          `${launch.httpStatus ?? "an error"} to its session request (POST /session)` +
          (launch.httpStatus === 404
            ? ": that server does not serve the session API. The open-source Browserless serves browsers over " +
              "CDP only; POST /session is the hosted service's"
            : "") +
          ".",
        fix:
          `Connect to a self-hosted pool as a CDP endpoint instead: drop -p ${launch.provider ?? "<provider>"}` +
          " (and pool.provider / PI_AGENT_BROWSER_POOL_PROVIDER / AGENT_BROWSER_PROVIDER) and set pool.endpoint " +
          "or PI_AGENT_BROWSER_POOL to its ws:// address, the token in pool.token (docs/POOLS.md). For the " +
          "hosted service, check its API URL and key.",
        summary: `${launch.provider ?? "Provider"} API ${launch.httpStatus ?? "error"}`
      }
    case "cdp-unreachable":
      return {
        problem: `no browser answered at ${launch.endpoint ?? "the CDP endpoint"} (--cdp / connect).`,
        fix:
          "Start Chrome there with --remote-debugging-port=<port> and check the host and port, or drop --cdp " +
          "(and AGENT_BROWSER_CDP) to let agent-browser launch its own browser.",
        summary: `Browser not reachable${launch.endpoint !== undefined ? ` at ${launch.endpoint}` : ""}`
      }
  }
}

export const launchAdvice = (launch: LaunchDiagnostic): LaunchAdvice => {
  switch (launch.reason) {
    case "executable-missing":
      return {
        problem: `no browser executable at ${browser(launch)}.`,
        fix: CHOOSE_BROWSER,
        summary: `Browser missing: ${launch.executablePath ?? "?"}`
      }
    case "executable-not-runnable":
      return {
        problem: `${browser(launch)} cannot be run (not an executable file, or no permission).`,
        fix: CHOOSE_BROWSER,
        summary: `Browser not runnable: ${launch.executablePath ?? "?"}`
      }
    case "exited-at-start":
      return {
        problem:
          `${browser(launch)} exited at once` +
          `${launch.browserExitCode !== undefined ? ` (exit code ${launch.browserExitCode})` : ""} before ` +
          "opening DevTools.",
        fix:
          "Check it is a working Chrome/Chromium (run it with --version). As root it needs --no-sandbox " +
          `(AGENT_BROWSER_ARGS=--no-sandbox); --headed needs a display. ${CHOOSE_BROWSER}`,
        summary: "Browser exited at start"
      }
    case "sandbox":
      return {
        problem: `${browser(launch)} refused to run as root without --no-sandbox.`,
        fix: "Set AGENT_BROWSER_ARGS=--no-sandbox (or pass --args --no-sandbox on the first call) and retry.",
        summary: "Browser sandbox refused root"
      }
    case "profile-locked":
      return profileLockAdvice(launch)
    case "profile-not-found":
      return {
        problem:
          "no Chrome user data directory to resolve the profile" +
          `${launch.profile !== undefined ? ` "${launch.profile}"` : ""} in.`,
        fix: "Pass a full folder path to --profile, or run `profiles` to list the profile names that exist.",
        summary: "Browser profile not found"
      }
    case "daemon-start":
    case "pool-full":
    case "provider-api":
    case "cdp-unreachable":
      return remoteAdvice(launch, launch.reason)
  }
}

/** The failed call's text: what happened, the fix, and upstream's own words. */
export const launchFailureText = (launch: LaunchDiagnostic, upstreamMessage: string): string => {
  const advice = launchAdvice(launch)
  const upstream =
    upstreamMessage.length > UPSTREAM_CHARS ? `${upstreamMessage.slice(0, UPSTREAM_CHARS)}…` : upstreamMessage
  return (
    `The browser could not start: ${advice.problem}\nFix: ${advice.fix}\nNothing of this call was kept running; ` +
    `run the doctor to check the setup.\nagent-browser: ${upstream}`
  )
}
