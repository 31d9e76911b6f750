/** Redaction rules: what is secret in argv, in URLs, and in structured output. */
import { describe, expect, it } from "vitest"
import { redactArgs } from "../../src/redaction/redactArgs.js"
import { makeScrubber, scrubText, scrubValue } from "../../src/redaction/scrub.js"

describe("redactArgs", () => {
  it("redacts --headers values and collects each header value as a secret", () => {
    const r = redactArgs(["--headers", '{"Authorization":"Bearer abc123"}', "open", "http://x"])
    expect(r.args).toEqual(["--headers", "[REDACTED]", "open", "http://x"])
    expect(r.secrets).toContain("Bearer abc123")
  })

  it("redacts proxy passwords and auth-bearing URL parameters", () => {
    const r = redactArgs([
      "--proxy",
      "http://user:pa55word@proxy:8080",
      "open",
      "https://x.dev/cb?code=oauthcode1&state=ok"
    ])
    expect(r.args[1]).toBe("http://user:[REDACTED]@proxy:8080/")
    expect(r.args[3]).toBe("https://x.dev/cb?code=[REDACTED]&state=ok")
    expect(r.secrets).toEqual(expect.arrayContaining(["pa55word", "oauthcode1"]))
  })

  it("redacts fill/type text for password-like targets, by selector or by the ref's accessible name", () => {
    expect(redactArgs(["fill", "#password", "hunter2"]).args).toEqual(["fill", "#password", "[REDACTED]"])
    expect(redactArgs(["fill", "@e4", "hunter2"], (ref) => (ref === "e4" ? "Password" : undefined)).args).toEqual([
      "fill",
      "@e4",
      "[REDACTED]"
    ])
    expect(redactArgs(["fill", "@e5", "Ada"], () => "Name").args).toEqual(["fill", "@e5", "Ada"])
  })

  it("redacts the text of a find fill aimed at a password-like field", () => {
    expect(redactArgs(["find", "label", "Password", "fill", "s3cret!"]).args).toEqual([
      "find",
      "label",
      "Password",
      "fill",
      "[REDACTED]"
    ])
    expect(redactArgs(["find", "role", "textbox", "fill", "s3cret!", "--name", "PIN"]).args).toEqual([
      "find",
      "role",
      "textbox",
      "fill",
      "[REDACTED]",
      "--name",
      "PIN"
    ])
    expect(redactArgs(["find", "label", "Email", "fill", "ada@x.y"]).args).toEqual([
      "find",
      "label",
      "Email",
      "fill",
      "ada@x.y"
    ])
  })

  it("redacts credential-like cookie, storage and clipboard values, credential values, and --password flags", () => {
    expect(redactArgs(["cookies", "set", "sid", "v4lue"]).args).toEqual(["cookies", "set", "sid", "[REDACTED]"])
    expect(redactArgs(["storage", "local", "set", "authToken", "v4lue"]).args).toEqual([
      "storage",
      "local",
      "set",
      "authToken",
      "[REDACTED]"
    ])
    expect(redactArgs(["storage", "local", "set", "k", "a8F3k2L9qW7eR5tY1uI0oP4sD6fG8hJ"]).secrets).toEqual([
      "a8F3k2L9qW7eR5tY1uI0oP4sD6fG8hJ"
    ])
    expect(redactArgs(["set", "credentials", "u", "p4ss"]).args).toEqual(["set", "credentials", "u", "[REDACTED]"])
    // the clipboard text the model writes is its own data, unless it looks like a credential
    expect(redactArgs(["clipboard", "write", "Hello 42"]).secrets).toEqual([])
    expect(redactArgs(["clipboard", "write", "a8F3k2L9qW7eR5tY1uI0oP4sD6fG8hJ"]).args).toEqual([
      "clipboard",
      "write",
      "[REDACTED]"
    ])
    expect(redactArgs(["auth", "save", "me", "--password", "p4ss"]).args).toEqual([
      "auth",
      "save",
      "me",
      "--password",
      "[REDACTED]"
    ])
    expect(redactArgs(["auth", "save", "me", "--password=p4ss"]).args).toEqual([
      "auth",
      "save",
      "me",
      "--password=[REDACTED]"
    ])
  })
})

describe("the model's own data is not a secret (#41)", () => {
  it("a benign cookie or storage value the model sets is echoed as written and not learned", () => {
    for (const argv of [
      ["storage", "local", "set", "theme", "dark"],
      ["cookies", "set", "name", "value"],
      ["cookies", "set", "value", "value", "--url", "http://a.b"],
      ["storage", "session", "set", "note", "inside the session tab"]
    ]) {
      expect(redactArgs(argv)).toEqual({ args: argv, secrets: [] })
    }
  })

  it("a mocked body is the model's data: only its credential-like parts are secret", () => {
    const plain = ["network", "route", "**/api/item", "--body", JSON.stringify({ name: "Widget", price: 3 })]
    expect(redactArgs(plain)).toEqual({ args: plain, secrets: [] })
    const withToken = redactArgs([
      "network",
      "route",
      "**/api/me",
      "--body",
      JSON.stringify({ user: "ada", auth: { token: "t-123456" } })
    ])
    expect(withToken.args[4]).toBe('{"user":"ada","auth":{"token":"[REDACTED]"}}')
    expect(withToken.secrets).toEqual(["t-123456"])
    expect(redactArgs(["network", "route", "**/x", "--body=hello mock"]).args).toEqual([
      "network",
      "route",
      "**/x",
      "--body=hello mock"
    ])
    expect(redactArgs(["network", "route", "**/x", "--body", "ok; session=abc123xyz"]).secrets).toEqual(["abc123xyz"])
  })

  it("the tool's own words are never garbled by a plain-word secret; page text is scrubbed whole", () => {
    expect(scrubText("1 cookies (1 credential-like value hidden)", ["value"])).toBe(
      "1 cookies (1 credential-like [REDACTED] hidden)"
    )
    const tool = makeScrubber(["value"], [], { toolWords: true })
    expect(tool("2 cookies (2 credential-like values hidden)")).toBe("2 cookies (2 credential-like values hidden)")
    expect(tool("the field reads value now")).toBe("the field reads [REDACTED] now")
    expect(tool("Navigated to http://a.b/?q=value&x=1")).toBe("Navigated to http://a.b/?q=[REDACTED]&x=1")
    // a secret with digits or symbols is replaced wherever it is, also in the tool's words
    expect(makeScrubber(["pw123"], [], { toolWords: true })("xpw123y")).toBe("x[REDACTED]y")
  })
})

describe("scrub", () => {
  it("removes known secrets and URL credentials from text", () => {
    expect(scrubText("typed hunter2 at https://a.b/?token=zzz9", ["hunter2"])).toBe(
      "typed [REDACTED] at https://a.b/?token=[REDACTED]"
    )
  })

  it("does not shred text with secrets shorter than 3 characters", () => {
    expect(scrubText("a banana", ["a"])).toBe("a banana")
  })

  it("redacts secret-named keys and name/value header rows in data", () => {
    const data = {
      headers: { authorization: "Bearer x", accept: "*/*" },
      cookies: [
        { name: "session", value: "s3" },
        { name: "theme", value: "dark" }
      ],
      typed: "pw123"
    }
    expect(scrubValue(data, ["pw123"])).toEqual({
      headers: { authorization: "[REDACTED]", accept: "*/*" },
      cookies: [
        { name: "session", value: "s3" },
        { name: "theme", value: "dark" }
      ],
      typed: "[REDACTED]"
    })
  })
})

describe("session-state and credential-shaped values", () => {
  it("redacts credential-like cookie and storage values, saying why, keeping benign values as written", async () => {
    const { redactStateData } = await import("../../src/redaction/redactStructured.js")
    expect(
      redactStateData("cookies", {
        cookies: [
          { name: "theme", value: "dark" },
          { name: "sid", value: "abc" }
        ]
      })
    ).toEqual({
      cookies: [
        { name: "theme", value: "dark" },
        { name: "sid", value: "[REDACTED]", valueRedacted: true, valueRedactionReason: "credential-like-key" }
      ]
    })
    expect(redactStateData("storage", { key: "note", value: "inside the session tab" })).toEqual({
      key: "note",
      value: "inside the session tab"
    })
    expect(
      redactStateData("storage", {
        data: { theme: "dark", count: "3", authToken: "x1", blob: "a8F3k2L9qW7eR5tY1uI0oP4sD6fG8hJ" }
      })
    ).toEqual({
      data: { theme: "dark", count: "3", authToken: "[REDACTED]", blob: "[REDACTED]" },
      valueRedactions: { authToken: "credential-like-key", blob: "token-like-value" }
    })
    // D13: a redacted entry says so, and why; a benign one is untouched
    expect(redactStateData("storage", { key: "refresh", value: "r-1" })).toEqual({
      key: "refresh",
      value: "[REDACTED]",
      valueRedacted: true,
      valueRedactionReason: "credential-like-key"
    })
    expect(redactStateData("storage", { key: "theme", value: "dark" })).toEqual({ key: "theme", value: "dark" })
    const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"
    for (let i = 0; i < 3; i++)
      expect(redactStateData("storage", { key: "x", value: jwt })).toMatchObject({ valueRedactionReason: "jwt" })
  })

  it("redacts bearer/basic credentials and JWTs in any text", () => {
    const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"
    expect(scrubText(`Authorization: Bearer abc.def-123456 and ${jwt}`, [])).toBe(
      "Authorization: Bearer [REDACTED] and [REDACTED]"
    )
    // a Basic credential is base64 of user:password, however it looks
    expect(scrubText(`Authorization: Basic ${Buffer.from("ada:sigaction").toString("base64")}`, [])).toBe(
      "Authorization: Basic [REDACTED]"
    )
    expect(scrubText("Authorization: Token ghp16C7e42F292c6912E7710c838347Ae178B4a", [])).toBe(
      "Authorization: Token [REDACTED]"
    )
  })

  it("leaves prose alone: a word after Basic, Bearer or Token is not a credential (valgrind's 'Basic sigaction')", () => {
    expect(scrubText("Basic sigaction handling; Token validation failed; Bearer instruments", [])).toBe(
      "Basic sigaction handling; Token validation failed; Bearer instruments"
    )
  })
})
