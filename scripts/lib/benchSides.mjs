// The two sides a task benchmark drives, measured the same way: the tool (runToResult on the package's own service
// graph, as pi calls it) and the raw agent-browser binary on its own session (its human text, no --json). Every call
// is recorded with its command, time and model-visible bytes (text as UTF-8, images as their base64 length); the
// page is read independently with the raw binary on the strategy's own session.
import { spawn } from "node:child_process"
import { join } from "node:path"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { closeOwnedBrowser, configFromEnv, makeServicesLayer, runToResult, toolConfigLayer } from "../../dist/effect.js"
import { REPO } from "./runPi.mjs"

export const BINARY = join(REPO, "node_modules/agent-browser/bin", `agent-browser-${process.platform}-${process.arch}`)
export const median = (xs) => {
  if (xs.length === 0) return NaN
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}
export const textOf = (r) =>
  r.content
    .filter((c) => c.type === "text")
    .map((c) => c.text)
    .join("\n")
/** What the model reads of a result: its texts as UTF-8 bytes, its images as the length of their base64 data. */
export const modelBytes = (r) =>
  r.content.reduce((a, c) => a + (c.type === "text" ? Buffer.byteLength(c.text, "utf8") : (c.data?.length ?? 0)), 0)

/** A strategy's run: every call's command, time, bytes (and text), its session for the independent read. */
export const tally = () => ({ calls: [], session: undefined, error: undefined, last: "" })
const record = (t, cmd, ms, bytes, text) => {
  t.calls.push({ cmd, ms, bytes, text })
  t.last = text
}

/** Both sides over one environment (piEnv's): `tool(t, piSessionId)`, `cli(t)`, `eval`, `dispose`. */
export const benchSides = ({ env, root }) => {
  const config = configFromEnv(env)
  const rawEnv = { ...env, AGENT_BROWSER_SOCKET_DIR: config.socketDir }
  const runtime = ManagedRuntime.make(makeServicesLayer({ config: toolConfigLayer(config) }))
  /** The native binary on one session: its combined output, exit code and time. */
  const runBinary = (args, session, stdin) =>
    new Promise((resolve) => {
      const started = performance.now()
      const child = spawn(BINARY, ["--session", session, ...args], {
        env: rawEnv,
        stdio: [stdin === undefined ? "ignore" : "pipe", "pipe", "pipe"]
      })
      let out = ""
      child.stdout.on("data", (d) => (out += d))
      child.stderr.on("data", (d) => (out += d))
      child.on("close", (code) => resolve({ out, code, ms: performance.now() - started }))
      if (stdin !== undefined) child.stdin.on("error", () => {}).end(stdin)
    })
  /** The tool side: one input per call; answers its text, failure, and its first next action's args. */
  const tool = (t, piSessionId) => async (input) => {
    const started = performance.now()
    const result = await runtime.runPromise(runToResult(input, { piSessionId, cwd: root }))
    const text = textOf(result)
    const argv = input.args?.[0] === "--session" ? input.args.slice(2) : input.args
    const cmd = argv?.[0] ?? Object.keys(input).find((k) => k !== "stdin") ?? "?"
    record(t, cmd, performance.now() - started, modelBytes(result), text)
    t.session = result.details?.sessionName ?? t.session
    const next = result.details?.nextActions?.[0]?.params
    return { text, failed: result.isError === true, next: next?.args, nextInput: next }
  }
  /** The raw CLI side on session `t.session`: the same argv, its human text; no next actions. */
  const cli = (t) => async (input) => {
    const { out, code, ms } = await runBinary(input.args, t.session, input.stdin)
    record(t, input.args[0], ms, Buffer.byteLength(out, "utf8"), out)
    return { text: out, failed: code !== 0, next: undefined, nextInput: undefined }
  }
  /** A page expression's JSON value, read with the raw binary on `session` (undefined when unreadable). */
  const evalJson = async (session, expression) => {
    if (session === undefined) return undefined
    const { out } = await runBinary(["--json", "eval", `JSON.stringify(${expression})`], session)
    try {
      return JSON.parse(JSON.parse(out).data.result)
    } catch {
      return undefined
    }
  }
  return {
    tool,
    cli,
    evalJson,
    runBinary,
    closeTool: () => runtime.runPromise(closeOwnedBrowser()),
    closeCli: (session) => runBinary(["close"], session),
    dispose: () => runtime.dispose()
  }
}
