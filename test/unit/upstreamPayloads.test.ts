import { describe, expect, it } from "@effect/vitest"
import { refsFrom } from "../../src/program/refs/refTracking.js"
import { EvalResult, OriginReply, readPayload, TabList, UrlReply } from "../../src/schema/UpstreamPayloads.js"

describe("upstream payload schemas", () => {
  it("read the field when present, and undefined for any other shape", () => {
    expect(readPayload(UrlReply, { url: "http://127.0.0.1/a", title: "A" }, (d) => d.url)).toBe("http://127.0.0.1/a")
    for (const data of [null, undefined, "x", 3, [], {}, { url: 5 }])
      expect(readPayload(UrlReply, data, (d) => d.url)).toBeUndefined()
    expect(readPayload(OriginReply, { origin: "http://127.0.0.1/" }, (d) => d.origin)).toBe("http://127.0.0.1/")
    expect(readPayload(OriginReply, { origin: null }, (d) => d.origin)).toBeUndefined()
  })

  it("tab rows stay loose; a non-array tabs field reads as no tabs", () => {
    expect(readPayload(TabList, { tabs: [{ tabId: "t1", url: "http://a/" }, { tabId: 2 }] }, (d) => d.tabs)).toEqual([
      { tabId: "t1", url: "http://a/" },
      { tabId: 2 }
    ])
    expect(readPayload(TabList, { tabs: { t1: {} } }, (d) => d.tabs)).toBeUndefined()
  })

  it("eval results must be objects", () => {
    expect(readPayload(EvalResult, { result: { url: "u" } }, (d) => d.result)).toEqual({ url: "u" })
    expect(readPayload(EvalResult, { result: "u" }, (d) => d.result)).toBeUndefined()
  })

  it("snapshot refs read role and name as text, a malformed ref as empty text", () => {
    const refs = refsFrom({ refs: { e1: { role: "button", name: "Go" }, e2: { role: 3 }, e3: null } })
    expect(refs === undefined ? undefined : [...refs]).toEqual([
      ["e1", { role: "button", name: "Go" }],
      ["e2", { role: "3", name: "" }],
      ["e3", { role: "", name: "" }]
    ])
    expect(refsFrom({ snapshot: "- button" })).toBeUndefined()
    expect(refsFrom(null)).toBeUndefined()
  })
})
