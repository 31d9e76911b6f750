/**
 * Configured secrets the model never sees (issue 16): one secret, written `{{secret:APP_PW}}`, typed through each
 * mode into a page that echoes what is typed everywhere it can (value attribute, text, title, URL query, console,
 * local and session storage, a cookie). Every output channel of every read-back (snapshots, get, eval, console,
 * storage, cookies, tab list, an outputPath file, spill and ref files, progress) is searched for any 5-character
 * piece of the value: none may carry one, while the page's own state (read with the raw binary) shows it was typed.
 * The same secret aimed at a page on another origin, directly or after a navigation inside one job, is refused and
 * never reaches that page.
 */
import { beforeAll, describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { type Channel, leakRecorder } from "../support/leakChannels.js"
import { liveWorld } from "../support/liveWorld.js"
import { rawData } from "../support/rawPage.js"

const SECRET = "Vk7-Leak-Pw-93qzT2mX"
const live = liveWorld({
  env: { PIAB_LEAK_PW: SECRET },
  config: (site) => ({ secrets: { APP_PW: { value: "$PIAB_LEAK_PW", origins: [site.origin] } } })
})
const PW = "{{secret:APP_PW}}"
const page = (origin = live.site.origin) => `${origin}/login-echo.html`

let session = ""
const raw = <A>(args: ReadonlyArray<string>): A => rawData<A>(live.world, session, args)
const pageValue = (selector: string) => raw<{ value: string }>(["get", "value", selector]).value

/** Everything a model could read back after typing. */
const READ_BACKS: ReadonlyArray<Record<string, unknown>> = [
  { args: ["snapshot"] },
  { args: ["snapshot", "-i"] },
  { args: ["get", "text", "#echo"] },
  { args: ["get", "title"] },
  { args: ["get", "url"] },
  { args: ["get", "value", "#user"] },
  { args: ["get", "attr", "#pw", "value"] },
  { args: ["get", "html", "main"] },
  { args: ["eval", "document.title + ' ' + location.href + ' ' + localStorage.getItem('typed-pw') + document.cookie"] },
  { args: ["console"] },
  { args: ["storage", "local"] },
  { args: ["storage", "session"] },
  { args: ["cookies"] },
  { args: ["tab", "list"] },
  { args: ["get", "text", "body"], outputPath: "leak-body.txt" }
]

const TYPINGS: ReadonlyArray<readonly [string, ReadonlyArray<Record<string, unknown>>, string]> = [
  ["args fill (text field)", [{ args: ["fill", "#user", PW] }], "#user"],
  ["args type (password field)", [{ args: ["type", "#pw", PW] }], "#pw"],
  [
    "batch keyboard type",
    [
      {
        args: ["batch"],
        stdin: JSON.stringify([
          ["focus", "#user"],
          ["keyboard", "type", PW]
        ])
      }
    ],
    "#user"
  ],
  [
    "job fill + type",
    [
      {
        job: {
          steps: [
            { action: "fill", selector: "#pw", text: PW },
            { action: "type", selector: "#user", text: PW }
          ]
        }
      }
    ],
    "#user"
  ],
  [
    "semanticAction fill",
    [{ semanticAction: { action: "fill", locator: "label", value: "Username", text: PW } }],
    "#user"
  ]
]

beforeAll(async () => {
  session = (await live.tool.call({ args: ["open", page()] })).details.sessionName ?? ""
}, 60_000)

describe("a configured secret typed through every mode leaks nowhere", () => {
  for (const [name, typing, field] of TYPINGS) {
    it(name, async () => {
      const c = leakRecorder(live)
      await c.call({ args: ["open", page()] })
      for (const input of typing) {
        const typed = await c.call(input)
        expect(typed.isError, textOf(typed)).toBe(false)
      }
      expect(pageValue(field)).toBe(SECRET)
      expect(raw<{ title: string }>(["get", "title"]).title).toContain(SECRET)
      for (const input of READ_BACKS) await c.call(input)
      const leaked: ReadonlyArray<Channel> = c.leaks(SECRET)
      console.log(`[secret leak] ${name}: ${leaked.length === 0 ? "none" : leaked.join(", ")}`)
      expect(leaked, name).toEqual([])
    })
  }
})

describe("the secret aimed at another origin never reaches it", () => {
  it("directly, and after a navigation inside one job", async () => {
    const elsewhere = live.site.origin.replace("127.0.0.1", "localhost")
    const c = leakRecorder(live)
    await c.call({ args: ["open", page(elsewhere)] })
    const direct = await c.call({ args: ["fill", "#pw", PW] })
    expect(direct.details.failureCategory).toBe("policy-blocked")
    expect(direct.details.policy).toMatchObject({ rule: "secret-origin", origin: elsewhere })
    expect(pageValue("#pw")).toBe("")
    const job = await c.call({
      job: {
        steps: [
          { action: "open", url: page() },
          { action: "open", url: page(elsewhere) },
          { action: "type", selector: "#user", text: PW }
        ]
      }
    })
    expect(job.details.failureCategory).toBe("policy-blocked")
    expect(pageValue("#user")).toBe("")
    expect(
      raw<{ result: unknown }>(["eval", "localStorage.getItem('typed-user') + '|' + localStorage.getItem('typed-pw')"])
        .result
    ).toBe("null|null")
    expect(c.leaks(SECRET)).toEqual([])
  })
})
