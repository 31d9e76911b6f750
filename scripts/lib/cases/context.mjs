// What a case's steps and checks see (`c`): its URLs, its page log and request log, a raw read on its session that the
// run does not count (`c.eval`, `c.raw`), files under its own folder, and the texts of the calls made so far.
import { spawn } from "node:child_process"
import { existsSync, mkdirSync, readFileSync } from "node:fs"
import { join } from "node:path"

const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

/** Runs the agent-browser binary; resolves with output, exit code and time; killed at its deadline. */
export const runBinary = (binary, env, cwd, args, { session, stdin, timeoutMs = 30_000 } = {}) =>
  new Promise((resolve) => {
    const started = performance.now()
    const argv = session === undefined ? args : ["--session", session, ...args]
    const child = spawn(binary, argv, { env, cwd, stdio: [stdin === undefined ? "ignore" : "pipe", "pipe", "pipe"] })
    let out = ""
    let err = ""
    child.stdout.on("data", (d) => (out += d))
    child.stderr.on("data", (d) => (err += d))
    if (stdin !== undefined) child.stdin.end(stdin)
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs)
    child.on("error", () => {})
    child.on("close", (code) => {
      clearTimeout(timer)
      resolve({ out, err, code, ms: performance.now() - started })
    })
  })

/** The context of one run ("tool" or "cli") of one case. `session()` answers the agent-browser session it acts on. */
export const makeContext = ({ run, kase, server, root, raw, session }) => {
  const base = server.base(run, kase.id)
  // files live under the case's opaque slug too, so paths in texts carry no word of the case id
  const folder = `cases/${run}/${base.split("/").at(-2)}`
  mkdirSync(join(root, folder), { recursive: true })
  const events = () => server.events(run, kase.id)
  const c = {
    run,
    id: kase.id,
    origin: server.origin,
    url: base,
    u: (sub) => `${base}${sub}`,
    root,
    rel: (name) => `${folder}/${name}`,
    abs: (name) => join(root, folder, name),
    texts: [],
    get last() {
      return c.texts.at(-1) ?? ""
    },
    events,
    has: (type, pred = () => true) => events().some((e) => e.type === type && pred(e)),
    count: (type, pred = () => true) => events().filter((e) => e.type === type && pred(e)).length,
    requests: () => server.requests(run, kase.id),
    hit: (sub, pred = () => true) => server.requests(run, kase.id).some((r) => r.path === sub && pred(r)),
    /** Polls `pred()` until true or the deadline (the page's beacons arrive a little after the action). */
    until: async (pred, ms = 2000) => {
      const end = Date.now() + ms
      for (;;) {
        try {
          if (await pred()) return true
        } catch {
          /* not yet */
        }
        if (Date.now() > end) return false
        await sleep(60)
      }
    },
    waitEvent: (type, pred, ms) => c.until(() => c.has(type, pred), ms),
    /** True when no `type` event came within `ms` (for actions that must not reach the page). */
    quiet: async (type, ms = 400) => {
      await sleep(ms)
      return !c.has(type)
    },
    /** A raw agent-browser call on this run's session (JSON), not counted. */
    raw: async (args, opts = {}) => {
      const s = session()
      if (s === undefined) return undefined
      const r = await raw(["--json", ...args], { session: s, timeoutMs: 15_000, ...opts })
      try {
        return JSON.parse(r.out)
      } catch {
        return undefined
      }
    },
    /** A raw `eval` on this run's session: the page's value, or undefined when it could not be read. */
    eval: async (js) => {
      const r = await c.raw(["eval", js])
      return r?.success === true ? r.data?.result : undefined
    },
    /** The browser's own list of open pages (DevTools /json/list), read beside agent-browser's `tab list`. */
    pages: async () => {
      const ws = (await c.raw(["get", "cdp-url"]))?.data?.cdpUrl
      const port = /:(\d+)\//.exec(String(ws))?.[1]
      if (port === undefined) return undefined
      const list = await fetch(`http://127.0.0.1:${port}/json/list`).then(
        (r) => r.json(),
        () => undefined
      )
      // Chromium keeps a hidden new-tab-page target of its own: not a tab anyone opened. It is preloaded at launch
      // at chrome://newtab/ and moves to chrome://new-tab-page-third-party/ about 0.5 s later (seen in /json/list of
      // a Chromium started with agent-browser's flags and no agent-browser at all), later on a loaded machine: read
      // in a fresh browser's first seconds it was counted as a stray tab (tabs.close-active, crashes.tab-list-*).
      // agent-browser itself never opens chrome://newtab/ (its new tabs start at about:blank) and skips chrome:// pages.
      const hidden = /^(chrome:\/\/new-tab-page|chrome:\/\/newtab\/|chrome-untrusted:|devtools:)/
      return list?.filter((t) => t.type === "page" && !hidden.test(t.url))
    },
    file: (name) => {
      const p = join(root, folder, name)
      return existsSync(p) ? readFileSync(p) : undefined
    }
  }
  return c
}
