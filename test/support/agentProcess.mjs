// One agent in its own OS process, driving the built tool (dist/effect.js) the way a pi process does: its own
// runtime, its own pi session id and cwd. Reads its calls from AGENT_CALLS (JSON array of tool inputs) and prints one
// JSON line per call ({i, input, started, ended, ok, category, text}); then, with AGENT_HOLD=1, prints {"held":true}
// and waits to be killed, else closes the browser it owns (AGENT_CLOSE=1) and exits. Used by
// test/integration/manyProcesses.test.ts.
import * as ManagedRuntime from "effect/ManagedRuntime"

const { closeOwnedBrowser, configFromEnv, makeServicesLayer, runToResult, toolConfigLayer } = await import(process.env.AGENT_ENTRY)
const runtime = ManagedRuntime.make(makeServicesLayer({ config: toolConfigLayer(configFromEnv(process.env)) }))
const call = { piSessionId: process.env.AGENT_PI_SESSION, cwd: process.env.AGENT_CWD }
const say = (line) => process.stdout.write(`${JSON.stringify(line)}\n`)
const calls = JSON.parse(process.env.AGENT_CALLS ?? "[]")
for (const [i, input] of calls.entries()) {
  const started = Date.now()
  const result = await runtime.runPromise(runToResult(input, call))
  say({
    i,
    input,
    started,
    ended: Date.now(),
    ok: result.details.resultCategory === "success",
    category: result.details.failureCategory ?? result.details.successCategory,
    session: result.details.sessionName,
    text: result.content.map((c) => c.text ?? "").join("\n").slice(0, 2000)
  })
}
if (process.env.AGENT_HOLD === "1") {
  say({ held: true })
  setInterval(() => undefined, 60_000)
} else {
  if (process.env.AGENT_CLOSE === "1") await runtime.runPromise(closeOwnedBrowser())
  await runtime.dispose()
  say({ done: true })
}
