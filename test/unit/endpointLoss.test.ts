/** DevTools endpoints named by `--cdp` values, and an attached browser's loss read from what its endpoint answers. */
import { describe, expect, it } from "vitest"
import { browserIdOf, endpointLossOf, httpEndpointOf, tabLossOf } from "../../src/session/endpointLoss.js"

describe("DevTools endpoints and attached-browser loss", () => {
  it("httpEndpointOf: ports, host:port, http(s) and ws(s) URLs; nothing for what has no HTTP side", () => {
    expect(httpEndpointOf("9222")).toBe("http://127.0.0.1:9222")
    expect(httpEndpointOf("pool.internal:3000")).toBe("http://pool.internal:3000")
    expect(httpEndpointOf("ws://127.0.0.1:9222/devtools/browser/abc")).toBe("http://127.0.0.1:9222")
    expect(httpEndpointOf("wss://pool.example.com/?token=x")).toBe("https://pool.example.com")
    expect(httpEndpointOf("wss://user:s3cret@pool.example.com:3000/chromium")).toBe("https://pool.example.com:3000")
    expect(httpEndpointOf(undefined)).toBeUndefined()
    expect(httpEndpointOf("browserbase")).toBeUndefined()
    expect(browserIdOf("ws://127.0.0.1:9222/devtools/browser/1f2e")).toBe("1f2e")
  })

  it("endpointLossOf: nothing answering, another browser, the session's tab gone; the same browser and tab is no loss", () => {
    const recorded = { endpoint: "http://127.0.0.1:9222", browserId: "b1", targetId: "T1", url: "http://a.test/" }
    const tab = { id: "T1", type: "page", url: "http://a.test/" }
    expect(endpointLossOf("s", recorded, undefined)).toMatchObject({ reason: "unreachable", lastUrl: "http://a.test/" })
    expect(endpointLossOf("s", recorded, { browserId: "b2", targets: [tab] })?.reason).toBe("replaced")
    expect(endpointLossOf("s", recorded, { browserId: "b1", targets: [] })?.reason).toBe("target-closed")
    expect(endpointLossOf("s", recorded, { browserId: "b1", targets: [tab] })).toBeUndefined()
    expect(endpointLossOf("s", { endpoint: recorded.endpoint }, undefined)).toBeUndefined()
  })
})

describe("behind a pool endpoint that names no browser: the session's tab", () => {
  const pooled = { endpoint: "http://pool.test:3000", targetId: "T1", url: "http://a.test/" }
  it("a new blank tab after the call is a replaced browser, with the last page", () => {
    expect(tabLossOf("s", pooled, { targetId: "T2", url: "about:blank" }, false)).toEqual({
      session: "s",
      endpoint: "http://pool.test:3000",
      reason: "replaced",
      lastUrl: "http://a.test/"
    })
    expect(tabLossOf("s", pooled, { targetId: "T2", url: "" }, false)?.reason).toBe("replaced")
  })
  it("the same tab, a tab with a page, a tab command, or an endpoint that names its browser: not judged here", () => {
    expect(tabLossOf("s", pooled, { targetId: "T1", url: "about:blank" }, false)).toBeUndefined()
    expect(tabLossOf("s", pooled, { targetId: "T2", url: "http://b.test/" }, false)).toBeUndefined()
    expect(tabLossOf("s", pooled, { targetId: "T2", url: "about:blank" }, true)).toBeUndefined()
    expect(
      tabLossOf("s", { ...pooled, browserId: "B1" }, { targetId: "T2", url: "about:blank" }, false)
    ).toBeUndefined()
    expect(tabLossOf("s", undefined, { targetId: "T2", url: "about:blank" }, false)).toBeUndefined()
  })
})
