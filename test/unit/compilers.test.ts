/** semanticAction, job and qa compile to upstream argv exactly as the contract tables say. */
import * as Either from "effect/Either"
import { describe, expect, it } from "vitest"
import { compileJob } from "../../src/compilers/compileJob.js"
import { urlGlobPredicate } from "../../src/upstream/waitAssertion.js"
import { fieldReadRows } from "../../src/page/typeReadback.js"
import { compileQa } from "../../src/compilers/compileQa.js"
import { compileSemanticAction } from "../../src/compilers/compileSemanticAction.js"
import { resolveInputMode } from "../../src/program/pipeline/prepare.js"
import type { SemanticAction } from "../../src/schema/ToolInput.js"

const args = (a: SemanticAction) => Either.getOrThrow(compileSemanticAction(a)).args
const error = (a: SemanticAction) =>
  Either.isLeft(compileSemanticAction(a))
    ? Either.getLeft(compileSemanticAction(a)).pipe((o) => (o._tag === "Some" ? o.value.message : ""))
    : "compiled"

describe("compileSemanticAction", () => {
  it("compiles locators to find, selectors to direct commands, select to select", () => {
    expect(args({ action: "click", locator: "role", value: "button", name: "Export" })).toEqual([
      "find",
      "role",
      "button",
      "click",
      "--name",
      "Export"
    ])
    expect(args({ action: "click", locator: "role", role: "button", name: "Go" })).toEqual([
      "find",
      "role",
      "button",
      "click",
      "--name",
      "Go"
    ])
    expect(args({ action: "fill", locator: "label", value: "Email", text: "a@b.c" })).toEqual([
      "find",
      "label",
      "Email",
      "fill",
      "a@b.c"
    ])
    expect(args({ action: "fill", locator: "role", value: "searchbox", name: "Search", text: "q" })).toEqual([
      "find",
      "role",
      "searchbox",
      "fill",
      "q",
      "--name",
      "Search"
    ])
    expect(args({ action: "fill", selector: "@e1", text: "hi" })).toEqual(["fill", "@e1", "hi"])
    expect(args({ action: "check", locator: "label", value: "Remember me" })).toEqual([
      "find",
      "label",
      "Remember me",
      "check"
    ])
    expect(args({ action: "select", selector: "#multi", values: ["a", "b"] })).toEqual(["select", "#multi", "a", "b"])
    expect(args({ action: "click", locator: "text", value: "Close", session: "named" })).toEqual([
      "--session",
      "named",
      "find",
      "text",
      "Close",
      "click"
    ])
  })

  it("rejects combinations that cannot compile, saying what to send", () => {
    expect(error({ action: "fill", locator: "label", value: "Email" })).toContain("fill needs non-empty text")
    expect(error({ action: "click", selector: "#a", locator: "text", value: "x" })).toContain("either selector")
    expect(error({ action: "click", locator: "text", value: "x", name: "y" })).toContain(
      'name is only for locator "role"'
    )
    expect(error({ action: "select", locator: "label", value: "Flavor" })).toContain("select takes selector")
    expect(error({ action: "click" })).toContain("give a locator")
  })
})

describe("compileJob", () => {
  it("compiles the contract's navigation example to one bailing batch", () => {
    const job = Either.getOrThrow(
      compileJob(
        {
          steps: [
            { action: "open", url: "https://shop.example/checkout" },
            { action: "fill", selector: "#email", text: "user@example.com" },
            { action: "click", selector: "#continue" },
            { action: "assertUrl", url: "**/shipping" },
            { action: "assertText", text: "Shipping address" },
            { action: "screenshot", path: "shots/shipping.png" }
          ]
        },
        "/work"
      )
    )
    expect(job.args).toEqual(["batch", "--bail"])
    expect(job.rows).toEqual([
      ["open", "https://shop.example/checkout"],
      ["fill", "#email", "user@example.com"],
      ["click", "#continue"],
      ["wait", "--fn", 'new RegExp("^.*/shipping$").test(location.href)', "--timeout", "10000"],
      ["wait", "--text", "Shipping address", "--timeout", "10000"],
      ["screenshot", "/work/shots/shipping.png"]
    ])
    expect(job.outputPaths).toEqual(["/work/shots/shipping.png"])
  })

  it("expands loadState, paced typing and select; failFast false drops --bail", () => {
    const job = Either.getOrThrow(
      compileJob(
        {
          failFast: false,
          steps: [
            { action: "open", url: "http://a", loadState: "networkidle" },
            { action: "type", selector: "#q", text: "ab", delayMs: 50, press: "Enter" },
            { action: "select", selector: "#f", value: "x" },
            { action: "assertUrl", url: "http://a/done?x=1" }
          ]
        },
        "/"
      )
    )
    expect(job.args).toEqual(["batch"])
    expect(job.rows).toEqual([
      ["open", "http://a"],
      ["wait", "--load", "networkidle"],
      ["focus", "#q"],
      ["press", "a"],
      ["wait", "50"],
      ["press", "b"],
      ["wait", "50"],
      ...fieldReadRows("#q", "ab"),
      ["press", "Enter"],
      ["select", "#f", "x"],
      ["wait", "--url", "http://a/done?x=1", "--timeout", "10000"]
    ])
  })

  it("a type step types each character with key events; others go down, in and up; a secret stays whole", () => {
    const rows = (text: string, selector?: string) =>
      Either.getOrThrow(
        compileJob({ steps: [{ action: "type", text, ...(selector !== undefined ? { selector } : {}) }] }, "/")
      ).rows
    // the field is read after the keys, as `type` reads it (the focused one without a selector)
    expect(rows("a b\n")).toEqual([
      ["press", "a"],
      ["press", " "],
      ["press", "b"],
      ["press", "Enter"],
      ...fieldReadRows(undefined, "a b\n")
    ])
    expect(rows("é")).toEqual([
      ["keydown", "é"],
      ["keyboard", "inserttext", "é"],
      ["keyup", "é"],
      ...fieldReadRows(undefined, "é")
    ])
    expect([fieldReadRows(undefined, "é").length, fieldReadRows("#q", "ab").length]).toEqual([1, 1])
    // a field named like a secret is not read back (as `type` does not read it)
    expect(rows("abc123", "#api-token")).toEqual([
      ["focus", "#api-token"],
      ...["a", "b", "c", "1", "2", "3"].map((k) => ["press", k])
    ])
    expect(rows("{{secret:PW}}", "#pw")).toEqual([
      ["focus", "#pw"],
      ["keyboard", "type", "{{secret:PW}}"]
    ])
  })

  it("glob predicates: * stays in a segment, ** crosses, the rest is literal", () => {
    const test = (glob: string, url: string) =>
      new Function("location", `return ${urlGlobPredicate(glob)}`)({ href: url }) as boolean
    expect(test("**/shipping", "https://a.b/c/shipping")).toBe(true)
    expect(test("https://a.b/*/x", "https://a.b/c/x")).toBe(true)
    expect(test("https://a.b/*/x", "https://a.b/c/d/x")).toBe(false)
    expect(test("https://a.b/?q=1*", "https://a.b/?q=12")).toBe(true)
  })
})

describe("compileQa", () => {
  it("clears buffers, opens, waits, asserts, screenshots, then reads diagnostics and the page's title and URL", () => {
    const qa = Either.getOrThrow(compileQa({ url: "http://a", expectedText: "Hello", screenshotPath: "qa.png" }, "/w"))
    expect(qa.rows).toEqual([
      ["network", "requests", "--clear"],
      ["console", "--clear"],
      ["errors", "--clear"],
      ["open", "http://a"],
      ["wait", "--load", "domcontentloaded"],
      ["wait", "--text", "Hello", "--timeout", "5000"],
      ["screenshot", "/w/qa.png"],
      ["network", "requests"],
      ["console"],
      ["errors"],
      ["get", "title"],
      ["get", "url"]
    ])
  })

  it("attached QA checks the current page without diagnostics unless asked", () => {
    const qa = Either.getOrThrow(compileQa({ attached: true, expectedSelector: "#ok" }, "/"))
    expect(qa.rows).toEqual([
      ["wait", "--load", "domcontentloaded"],
      ["wait", "#ok", "--timeout", "5000"],
      ["get", "title"],
      ["get", "url"]
    ])
    expect(Either.isLeft(compileQa({ attached: true, url: "http://a" }, "/"))).toBe(true)
  })
})

describe("input modes", () => {
  it("exactly one mode per call, and generated-batch modes reject stdin", () => {
    expect(
      Either.getOrThrow(resolveInputMode({ semanticAction: { action: "click", selector: "#a" } }, "/")).input.args
    ).toEqual(["click", "#a"])
    const both = resolveInputMode({ args: ["open", "x"], qa: { url: "x" } }, "/")
    expect(Either.isLeft(both) && both.left.message).toContain("exactly one of args, semanticAction, job, qa")
    const none = resolveInputMode({}, "/")
    expect(Either.isLeft(none) && none.left.message).toContain("give one of")
    const stdin = resolveInputMode({ job: { steps: [{ action: "snapshot" }] }, stdin: "[]" }, "/")
    expect(Either.isLeft(stdin) && stdin.left.field).toBe("stdin")
  })
})
