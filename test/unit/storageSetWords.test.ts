/**
 * `storage … set` and `cookies set` answer `{set: true}` upstream; the tool says what was set, as the model wrote it,
 * unless the entry is credential-like (#41: "values the model set come back as written unless they are secrets").
 */
import { describe, expect, it } from "vitest"
import { formatCommand } from "../../src/presenters/text/formatSuccess.js"

const say = (positionals: ReadonlyArray<string>, data: Record<string, unknown> = { set: true }) =>
  formatCommand(positionals, data, "s").text

describe("what a storage or cookie set says", () => {
  it("names the entry and its value, in the right store", () => {
    expect(say(["storage", "local", "set", "theme", "dark"])).toBe(
      'Set localStorage "theme" to "dark" on this page\'s origin.'
    )
    expect(say(["storage", "session", "set", "step", "2"])).toBe(
      'Set sessionStorage "step" to "2" on this page\'s origin.'
    )
    expect(say(["cookies", "set", "lang", "pt-BR"])).toBe('Set cookie "lang" to "pt-BR".')
  })

  it("does not repeat a credential-like value, by its name or its shape", () => {
    const token = say(["storage", "local", "set", "authToken", "abc"])
    expect(token).toBe('Set localStorage "authToken" (its value not repeated: credential-like) on this page\'s origin.')
    const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"
    expect(say(["cookies", "set", "pref", jwt])).not.toContain(jwt)
  })

  it("keeps upstream's words when the reply is not a plain set", () => {
    expect(say(["storage", "local", "set", "theme", "dark"], { set: false })).toContain("storage local: done")
    expect(say(["cookies", "set", "lang", "pt-BR"], { cleared: true })).toBe("cookies cleared")
  })
})
