/**
 * `network route` mocks as the page sees them, the tool's `network routes` list, unroute counts, and a response body
 * saved to a file, binary ones included (issue 42, item 3), against the real agent-browser.
 */
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { beforeAll, describe, expect, it } from "vitest"
import { textOf, valueOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"

const live = liveWorld()
const fetched = (path: string) =>
  live.tool.call({
    args: [
      "eval",
      `fetch(${JSON.stringify(path)}).then(async (r) => ({ status: r.status, type: r.headers.get("content-type"), text: await r.text() })).then((r) => ({ ...r, mockBody: r.text === '{"mock":true}', text: r.text.length }))`
    ]
  })

beforeAll(async () => {
  const opened = await live.tool.call({ args: ["open", `${live.site.origin}/deep.html`] })
  expect(opened.isError, textOf(opened)).toBe(false)
})

describe("network route", () => {
  it("a mocked route reaches the page's fetch as upstream answers it: 200, application/json, the body", async () => {
    const routed = await live.tool.call({ args: ["network", "route", "**/mocked.json", "--body", '{"mock":true}'] })
    expect(routed.isError, textOf(routed)).toBe(false)
    expect(textOf(routed)).toContain(
      "Routed **/mocked.json: matching requests are answered with HTTP 200, application/json and the --body."
    )
    // (the text itself is compared in the page: the tool hides a --body value wherever it shows up, see
    // secretPatterns.ts)
    expect(JSON.parse(valueOf(await fetched("/mocked.json")))).toEqual({
      status: 200,
      type: "application/json",
      text: 13,
      mockBody: true
    })
  })

  it("flags a route does not read, and shape values that would not work, are refused before anything runs", async () => {
    // (a status code, headers and a content type are sent to upstream's daemon: shapedRoutes.test.ts)
    for (const [extra, said] of [
      [["--method", "POST"], "network route takes no --method: upstream would ignore it."],
      [["--status", "700"], "--status takes an HTTP status code from 100 to 599"],
      [["--headers", '["X-Mock"]'], "--headers takes a JSON object of header names to string values"]
    ] as const) {
      const refused = await live.tool.call({ args: ["network", "route", "**/teapot.json", "--body", "{}", ...extra] })
      expect(refused.details.failureCategory).toBe("validation-error")
      expect(textOf(refused)).toContain(said)
    }
    expect(JSON.parse(valueOf(await fetched("/teapot.json"))).status).toBe(404)
  })

  it("--resource-type, which upstream's help leaves out, narrows a route: the page's image fails, its fetch does not", async () => {
    const routed = await live.tool.call({
      args: ["network", "route", "**/pixel.png*", "--abort", "--resource-type", "image"]
    })
    expect(routed.isError, textOf(routed)).toBe(false)
    const image =
      "new Promise((done) => { const i = new Image(); i.onload = () => done('loaded'); i.onerror = () => done('failed'); i.src = '/pixel.png?' + Date.now() })"
    expect(valueOf(await live.tool.call({ args: ["eval", image] }))).toContain("failed")
    expect(JSON.parse(valueOf(await fetched("/pixel.png?f=1"))).status).toBe(200)
    await live.tool.call({ args: ["network", "unroute", "**/pixel.png*"] })
  })

  it("network routes lists the active routes; unroute says how many it removed", async () => {
    await live.tool.call({ args: ["network", "route", "**/gone.json", "--abort"] })
    const listed = await live.tool.call({ args: ["network", "routes"] })
    expect(listed.isError, textOf(listed)).toBe(false)
    expect(textOf(listed)).toContain(
      "Active routes (2, as set through this tool in this session; a relaunched browser has none): **/mocked.json (fulfill), **/gone.json (abort)."
    )
    const none = await live.tool.call({ args: ["network", "unroute", "**/never.json"] })
    expect(textOf(none)).toContain("Removed 0 routes: **/never.json is not among the routes this tool set here")
    const one = await live.tool.call({ args: ["network", "unroute", "**/gone.json"] })
    expect(textOf(one)).toContain("Removed 1 route(s): **/gone.json (abort).")
    const all = await live.tool.call({ args: ["network", "unroute"] })
    expect(textOf(all)).toContain("Removed 1 route(s): **/mocked.json (fulfill).\nNo route is active now")
    expect(JSON.parse(valueOf(await fetched("/mocked.json"))).status).toBe(404)
  })
})

describe("network request --save", () => {
  const requestId = async (filter: string): Promise<string> => {
    const listed = await live.tool.call({ args: ["network", "requests", "--filter", filter, "--json"] })
    const rows = (JSON.parse(textOf(listed)) as { requests: Array<{ requestId: string }> }).requests
    const id = rows.at(-1)?.requestId
    if (id === undefined) throw new Error(`no request for ${filter}: ${textOf(listed)}`)
    return id
  }

  it("a binary body (withheld by upstream) is saved to a verified file with the captured bytes", async () => {
    await fetched("/pixel.png")
    const id = await requestId("pixel.png")
    const saved = await live.tool.call({ args: ["network", "request", id, "--save", "out/body/pixel.png"] })
    expect(saved.isError, textOf(saved)).toBe(false)
    const path = join(live.world.root, "out/body/pixel.png")
    expect(readFileSync(path)).toEqual(readFileSync(join(import.meta.dirname, "../../fixtures/site/pixel.png")))
    expect(textOf(saved)).toContain(
      `(HTTP 200, 70 bytes) to ${path}: agent-browser withholds binary bodies, so the page read the URL again (cache first); same size as the captured body.`
    )
    expect(saved.details.savedFilePath).toBe(path)
  })

  it("a text body is saved as captured", async () => {
    await fetched("/deep.html")
    const id = await requestId("deep.html")
    const saved = await live.tool.call({ args: ["network", "request", id, "--save", "out/body/deep.html"] })
    expect(saved.isError, textOf(saved)).toBe(false)
    expect(readFileSync(join(live.world.root, "out/body/deep.html"), "utf8")).toContain("Order #123 shipped")
    expect(textOf(saved)).toContain("the text agent-browser captured")
  })

  it("a request whose body agent-browser kept none of is not saved; the error names the HAR route", async () => {
    await live.tool.call({ args: ["eval", "fetch('/pixel.png?x=1', { method: 'POST' }).then((r) => r.status)"] })
    const id = await requestId("pixel.png?x=1")
    const refused = await live.tool.call({ args: ["network", "request", id, "--save", "out/body/post.bin"] })
    expect(refused.isError).toBe(true)
    expect(existsSync(join(live.world.root, "out/body/post.bin"))).toBe(false)
    expect(textOf(refused)).toMatch(/network har start --content all/)
  })
})
