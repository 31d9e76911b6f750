/**
 * The secret-leak corpus: commands and payloads that carry secrets, run through the real tool against the real
 * agent-browser. No secret value may appear in what the model sees, in details (what pi persists), or in spill
 * files. Every secret starts with LEAK so a single scan finds any escape.
 */
import { readFileSync } from "node:fs"
import { beforeAll, describe, expect, it } from "vitest"
import type { ToolResult } from "../../src/schema/ToolResult.js"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"

const live = liveWorld()
const JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJMRUFLMTkifQ.c2lnbmF0dXJlLUxFQUsxOS1qd3Qtc2ln"

beforeAll(async () => {
  await live.tool.call({ args: ["open", `${live.site.origin}/secrets.html`] })
})

interface LeakCase {
  readonly name: string
  readonly secret: string
  readonly input: () => Record<string, unknown>
}

const page = () => live.url("/secrets.html")

const cases: ReadonlyArray<LeakCase> = [
  {
    name: "open with ?token=",
    secret: "LEAK01-token-in-url",
    input: () => ({ args: ["open", `${page()}?token=LEAK01-token-in-url`] })
  },
  {
    name: "open with ?access_token=",
    secret: "LEAK02-access",
    input: () => ({ args: ["open", `${page()}?access_token=LEAK02-access&x=1`] })
  },
  {
    name: "open with ?code= (OAuth)",
    secret: "LEAK03-oauth-code",
    input: () => ({ args: ["open", `${page()}?code=LEAK03-oauth-code`] })
  },
  {
    name: "open with ?api_key=",
    secret: "LEAK04-api-key",
    input: () => ({ args: ["open", `${page()}?api_key=LEAK04-api-key`] })
  },
  {
    name: "--headers Authorization",
    secret: "LEAK05-bearer-header",
    input: () => ({
      args: [
        "--session",
        "leak-h",
        "--headers",
        JSON.stringify({ Authorization: "Bearer LEAK05-bearer-header" }),
        "open",
        page()
      ]
    })
  },
  {
    name: "--headers X-Api-Key",
    secret: "LEAK06-x-api-key",
    input: () => ({
      args: ["--session", "leak-h", "--headers", JSON.stringify({ "X-Api-Key": "LEAK06-x-api-key" }), "get", "url"]
    })
  },
  {
    name: "--proxy with credentials",
    secret: "LEAK07-proxy-pass",
    input: () => ({
      args: ["--session", "leak-p", "--proxy", "http://user:LEAK07-proxy-pass@127.0.0.1:9", "get", "url"],
      timeoutMs: 20_000
    })
  },
  {
    name: "cookies set",
    secret: "LEAK08-cookie-value",
    input: () => ({ args: ["cookies", "set", "sid", "LEAK08-cookie-value", "--url", live.site.origin] })
  },
  { name: "cookies (read back)", secret: "LEAK08-cookie-value", input: () => ({ args: ["cookies"] }) },
  {
    name: "storage local set",
    secret: "LEAK10-storage-token",
    input: () => ({ args: ["storage", "local", "set", "authToken", "LEAK10-storage-token"] })
  },
  { name: "storage local (read back)", secret: "LEAK10-storage-token", input: () => ({ args: ["storage", "local"] }) },
  {
    name: "storage local key",
    secret: "LEAK10-storage-token",
    input: () => ({ args: ["storage", "local", "authToken"] })
  },
  {
    name: "storage session set",
    secret: "LEAK13-session-storage",
    input: () => ({ args: ["storage", "session", "set", "apiKey", "LEAK13-session-storage"] })
  },
  {
    name: "fill #password",
    secret: "LEAK14-fill-password",
    input: () => ({ args: ["fill", "#password", "LEAK14-fill-password"] })
  },
  { name: "type #password", secret: "LEAK15-typed", input: () => ({ args: ["type", "#password", "LEAK15-typed"] }) },
  {
    name: "get value of the password field",
    secret: "LEAK14-fill-password",
    input: () => ({ args: ["get", "value", "#password"] })
  },
  {
    name: "eval reading the password field",
    secret: "LEAK15-typed",
    input: () => ({ args: ["eval", "--stdin"], stdin: "document.querySelector('#password').value" })
  },
  {
    name: "eval returning a bearer credential",
    secret: "LEAK18-bearer-eval",
    input: () => ({ args: ["eval", "--stdin"], stdin: "'Authorization: Bearer LEAK18-bearer-eval'" })
  },
  { name: "eval returning a JWT", secret: JWT, input: () => ({ args: ["eval", "--stdin"], stdin: `'token ${JWT}'` }) },
  {
    name: "eval returning document.cookie",
    secret: "LEAK08-cookie-value",
    input: () => ({ args: ["eval", "--stdin"], stdin: "document.cookie" })
  },
  {
    name: "network route --body",
    secret: "LEAK21-mock-token",
    input: () => ({ args: ["network", "route", "**/api/me", "--body", JSON.stringify({ token: "LEAK21-mock-token" })] })
  },
  {
    name: "set credentials",
    secret: "LEAK22-basic-pass",
    input: () => ({ args: ["set", "credentials", "alice", "LEAK22-basic-pass"] })
  },
  {
    name: "auth save --password",
    secret: "LEAK23-auth-pass",
    input: () => ({
      args: ["auth", "save", "leak-profile", "--url", page(), "--username", "alice", "--password", "LEAK23-auth-pass"]
    })
  },
  {
    name: "auth save --password-stdin",
    secret: "LEAK24-stdin-pass",
    input: () => ({
      args: ["auth", "save", "leak-profile-2", "--url", page(), "--username", "alice", "--password-stdin"],
      stdin: "LEAK24-stdin-pass"
    })
  },
  {
    name: "batch filling a password",
    secret: "LEAK25-batch-pass",
    input: () => ({
      args: ["batch"],
      stdin: JSON.stringify([
        ["fill", "#password", "LEAK25-batch-pass"],
        ["get", "value", "#password"]
      ])
    })
  },
  {
    name: "page text showing a bearer token",
    secret: "LEAK26-page-bearer",
    input: () => ({
      args: ["eval", "--stdin"],
      stdin:
        "document.querySelector('#note').textContent = 'Use Bearer LEAK26-page-bearer now'; document.body.innerText"
    })
  },
  {
    name: "get attr href with a token",
    secret: "LEAK29-link-token-value",
    input: () => ({ args: ["get", "attr", "#cb", "href"] })
  },
  {
    name: "snapshot -u with a token link",
    secret: "LEAK29-link-token-value",
    input: () => ({ args: ["snapshot", "-u"] })
  },
  {
    name: "fetch with Authorization, then network requests",
    secret: "LEAK30-fetch-auth",
    input: () => ({
      args: ["batch"],
      stdin: JSON.stringify([
        ["eval", "fetch('/index.html', { headers: { Authorization: 'Bearer LEAK30-fetch-auth' } }).then(() => 1)"],
        ["network", "requests"]
      ])
    })
  },
  {
    name: "console logging a remembered secret",
    secret: "LEAK14-fill-password",
    input: () => ({
      args: ["batch"],
      stdin: JSON.stringify([["eval", "console.log('pw=' + document.querySelector('#password').value)"], ["console"]])
    })
  },
  {
    name: "tab new with a token URL",
    secret: "LEAK32-tab-token",
    input: () => ({ args: ["tab", "new", `${page()}?token=LEAK32-tab-token`] })
  },
  { name: "tab list after it", secret: "LEAK32-tab-token", input: () => ({ args: ["tab", "list"] }) },
  {
    name: "large page text with a JWT (spilled)",
    secret: JWT,
    input: () => ({ args: ["eval", "--stdin"], stdin: `'${"filler text ".repeat(2000)} ${JWT}'` })
  }
]

const spillText = (result: ToolResult): string => {
  const path = result.details.fullOutputPath
  return path === undefined ? "" : readFileSync(path, "utf8")
}

describe("secret-leak corpus", () => {
  it("has at least 30 cases", () => {
    expect(cases.length).toBeGreaterThanOrEqual(30)
  })

  it.each(cases.map((c) => [c.name, c] as const))("%s leaks nothing", async (_name, leak) => {
    const result = await live.tool.call(leak.input())
    const visible = textOf(result)
    expect(visible.includes(leak.secret), `visible text: ${visible.slice(0, 300)}`).toBe(false)
    expect(JSON.stringify(result.details).includes(leak.secret), "details").toBe(false)
    expect(spillText(result).includes(leak.secret), "spill file").toBe(false)
    expect(
      JSON.stringify(result).includes("LEAK"),
      `some LEAK value escaped: ${JSON.stringify(result).match(/LEAK[\w-]*/)?.[0]}`
    ).toBe(false)
  })

  it("closes the explicit sessions it opened", async () => {
    for (const session of ["leak-h", "leak-p"]) {
      const closed = await live.tool.call({ args: ["--session", session, "close"] })
      expect(closed.isError, textOf(closed)).toBe(false)
      expect(closed.details.sessionName).toBe(session)
    }
    const listed = await live.tool.call({ args: ["session", "list"] })
    expect(listed.isError).toBe(false)
    expect(textOf(listed)).not.toMatch(/leak-[hp]\b/)
  })
})
