import { describe, expect, it } from "@effect/vitest"
import { STANDARD_POLICY, STRICT_RULES, type SecurityPolicy } from "../../src/schema/SecurityPolicy.js"
import { navigationTargets, preflight, scriptOf, uploadPaths } from "../../src/security/preflight.js"
import { policySteps, rawBatchRows } from "../../src/security/preflight.js"
import { blockedSchemeOf, originOf, schemeOf } from "../../src/security/schemes.js"
import { misplacedSecret, withSecrets } from "../../src/security/preflight.js"
import { typedText } from "../../src/upstream/typedText.js"
import { splitShellWords } from "../../src/security/shellWords.js"
import { focusRow, guardNeed, guardScript } from "../../src/security/typingGuard.js"
import { GUARD_MARK, guardRefusalOf } from "../../src/upstream/guardRefusal.js"
import { classifyErrorText } from "../../src/upstream/classifyErrorText.js"
import { parseCommandLine } from "../../src/upstream/commandLine.js"

const strict: SecurityPolicy = {
  preset: "strict",
  rules: STRICT_RULES,
  sources: {
    preset: "/cfg.json",
    blockedSchemes: "/cfg.json",
    eval: "/cfg.json",
    passwordFields: "/cfg.json",
    uploadRoots: "/cfg.json",
    contentBoundaries: "/cfg.json"
  },
  secrets: [{ name: "APP_PW", value: "$APP_PW", origins: ["http://127.0.0.1:8080"], source: "/cfg.json" }]
}
const withSecretsOnly: SecurityPolicy = { ...STANDARD_POLICY, secrets: strict.secrets }
const step = (...argv: Array<string>) => [{ argv, authored: true }]

describe("schemes", () => {
  it("reads the scheme the browser would, not a host with a port", () => {
    expect(schemeOf("file:///etc/passwd")).toBe("file")
    expect(schemeOf("DATA:text/html,x")).toBe("data")
    expect(schemeOf("localhost:3000")).toBeUndefined()
    expect(schemeOf("example.com")).toBeUndefined()
    expect(schemeOf("http://localhost:3000")).toBe("http")
    expect(blockedSchemeOf(" javascript:alert(1)", STRICT_RULES.blockedSchemes)).toBe("javascript")
    expect(blockedSchemeOf("https://x.test", STRICT_RULES.blockedSchemes)).toBeUndefined()
    expect(originOf("HTTP://Example.com:80/a?b")).toBe("http://example.com")
    expect(originOf("file:///x")).toBeUndefined()
  })
})

describe("shell words and raw batch rows", () => {
  it("splits like a shell", () => {
    expect(splitShellWords(`fill #email 'hello world' "a \\"b\\"" c\\ d`)).toEqual([
      "fill",
      "#email",
      "hello world",
      'a "b"',
      "c d"
    ])
    expect(splitShellWords(`  open   x  `)).toEqual(["open", "x"])
    expect(splitShellWords(`fill #a ''`)).toEqual(["fill", "#a", ""])
  })
  it("reads args strings or stdin rows", () => {
    expect(
      rawBatchRows({ line: parseCommandLine(["batch", "open file:///x", "get title"]), stdin: undefined })
    ).toEqual([
      ["open", "file:///x"],
      ["get", "title"]
    ])
    expect(
      rawBatchRows({ line: parseCommandLine(["batch", "--bail"]), stdin: JSON.stringify([["eval", "1"]]) })
    ).toEqual([["eval", "1"]])
  })
})

describe("preflight", () => {
  it("refuses blocked schemes on every navigation form, with the rule's source", () => {
    for (const argv of [
      ["open", "file:///etc/passwd"],
      ["goto", "data:text/html,hi"],
      ["tab", "new", "--label", "x", "view-source:http://a"],
      ["diff", "url", "http://a", "chrome://settings"]
    ]) {
      const refusal = preflight(strict, step(...argv), undefined)
      expect(refusal?.kind, argv.join(" ")).toBe("blocked")
      if (refusal?.kind === "blocked")
        expect(refusal.violation).toMatchObject({ rule: "blockedSchemes", preset: "strict", source: "/cfg.json" })
    }
    expect(navigationTargets(["tab", "new", "--label", "file:///x"])).toEqual([])
    expect(preflight(strict, step("open", "http://127.0.0.1:8080/"), undefined)).toBeUndefined()
    expect(preflight(STANDARD_POLICY, step("open", "file:///tmp/x.html"), undefined)).toBeUndefined()
  })
  it("refuses every way the model runs page script when eval is denied, but not the wrapper's compiled rows", () => {
    expect(scriptOf(["eval", "--stdin"])).toBe("eval")
    expect(scriptOf(["wait", "--fn", "window.ok"])).toBe("wait --fn")
    expect(scriptOf(["network", "route", "**/app.js", "--body", "{}"])).toBe("network route --body")
    expect(scriptOf(["network", "route", "**/x", "--abort"])).toBeUndefined()
    expect(scriptOf(["--init-script", "/tmp/a.js", "open", "http://a"])).toBe("--init-script")
    expect(scriptOf(["get", "text", "body"])).toBeUndefined()
    const refusal = preflight(strict, step("eval", "1+1"), undefined)
    expect(refusal?.kind === "blocked" && refusal.violation.rule).toBe("eval")
    expect(
      preflight(strict, [{ argv: ["wait", "--fn", "/x/.test(location.href)"], authored: false }], undefined)
    ).toBeUndefined()
    expect(preflight(STANDARD_POLICY, step("eval", "1+1"), undefined)).toBeUndefined()
  })
  it("lets a secret stand only in typed text, and names unknown secrets", () => {
    expect(preflight(withSecretsOnly, step("fill", "#pw", "{{secret:APP_PW}}"), undefined)).toBeUndefined()
    expect(
      preflight(withSecretsOnly, step("find", "label", "Password", "fill", "{{secret:APP_PW}}", "--exact"), undefined)
    ).toBeUndefined()
    for (const argv of [
      ["open", "http://a/?p={{secret:APP_PW}}"],
      ["eval", "'{{secret:APP_PW}}'"],
      ["cookies", "set", "s", "{{secret:APP_PW}}"],
      ["fill", "{{secret:APP_PW}}", "x"]
    ]) {
      const refusal = preflight(withSecretsOnly, step(...argv), undefined)
      expect(refusal?.kind === "blocked" && refusal.violation.rule, argv.join(" ")).toBe("secret-origin")
    }
    const inStdin = preflight(withSecretsOnly, step("eval", "--stdin"), "fetch('//x?{{secret:APP_PW}}')")
    expect(inStdin?.kind === "blocked" && inStdin.violation.rule).toBe("secret-origin")
    expect(preflight(withSecretsOnly, step("fill", "#a", "{{secret:NOPE}}"), undefined)).toEqual({
      kind: "unknown-secret",
      name: "NOPE",
      known: ["APP_PW"]
    })
  })
  it("collects upload paths from authored steps only", () => {
    expect(
      uploadPaths([
        { argv: ["upload", "#f", "a.txt", "b.txt"], authored: true },
        { argv: ["upload", "#f", "c"], authored: false }
      ])
    ).toEqual(["a.txt", "b.txt"])
  })
  it("reads a raw batch's rows and a job's compiled rows", () => {
    const plan = {
      compiled: { mode: "args" as const },
      args: ["batch"],
      line: parseCommandLine(["batch"]),
      stdin: JSON.stringify([["open", "file:///x"]])
    }
    expect(preflight(strict, policySteps(plan), undefined)?.kind).toBe("blocked")
  })
})

describe("typed text and the runtime guard", () => {
  it("finds the text of every typing command", () => {
    expect(typedText(["fill", "#a", "hello", "world"])).toBe("hello world")
    expect(typedText(["--session", "s", "type", "#a", "x"])).toBe("x")
    expect(typedText(["keyboard", "inserttext", "abc"])).toBe("abc")
    expect(typedText(["find", "role", "textbox", "fill", "v", "--name", "Email"])).toBe("v")
    expect(typedText(["click", "#a"])).toBeUndefined()
    expect(misplacedSecret(["fill", "#a", "{{secret:X}}"])).toBeUndefined()
    expect(misplacedSecret(["find", "label", "{{secret:X}}", "fill", "v"])).toBe(2)
  })
  it("puts values in only where the text is", () => {
    expect(withSecrets(["fill", "#a", "pre-{{secret:X}}"], new Map([["X", "s3cr3t"]]))).toEqual([
      "fill",
      "#a",
      "pre-s3cr3t"
    ])
  })
  it("guards secrets always and literal text only when password fields are secrets-only", () => {
    expect(guardNeed(withSecretsOnly, ["fill", "#a", "{{secret:APP_PW}}"])).toEqual({
      secrets: ["APP_PW"],
      literal: false
    })
    expect(guardNeed(withSecretsOnly, ["fill", "#a", "plain"])).toBeUndefined()
    expect(guardNeed(strict, ["fill", "#a", "plain"])).toEqual({ secrets: [], literal: true })
    expect(guardNeed(strict, ["fill", "#a", ""])).toBeUndefined()
    expect(guardNeed(strict, ["click", "#a"])).toBeUndefined()
    expect(guardNeed(undefined, ["fill", "#a", "{{secret:APP_PW}}"])).toBeUndefined()
  })
  it("focuses the target first (find: a click, which types nothing)", () => {
    expect(focusRow(["fill", "@e3", "x"])).toEqual(["focus", "@e3"])
    expect(focusRow(["find", "label", "Password", "fill", "x", "--exact"])).toEqual([
      "find",
      "label",
      "Password",
      "click",
      "--exact"
    ])
    expect(focusRow(["keyboard", "type", "x"])).toBeUndefined()
  })
  it("reads its own refusal and nothing else", () => {
    expect(guardScript({ secrets: ["A"], literal: false }, ["http://a"])).toContain(GUARD_MARK)
    expect(
      guardRefusalOf(`Evaluation error: Error: ${GUARD_MARK} {"reason":"password-field","origin":"http://a"}\n    at x`)
    ).toEqual({ reason: "password-field", origin: "http://a" })
    expect(guardRefusalOf("Evaluation error: Error: something else")).toBeUndefined()
    expect(guardRefusalOf(`${GUARD_MARK} {"reason":"other"}`)).toBeUndefined()
    // the classifier carries the refusal as data on the row's error (no later reader matches the text again)
    const row = classifyErrorText(
      `Evaluation error: Error: ${GUARD_MARK} {"reason":"secret-origin","origin":"http://b"}`,
      { stderr: "", exitCode: 1 }
    )
    expect(row._tag === "UpstreamFailed" ? row.policyGuard : undefined).toEqual({
      reason: "secret-origin",
      origin: "http://b"
    })
  })
})
