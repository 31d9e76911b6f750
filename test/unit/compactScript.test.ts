import { describe, expect, it } from "vitest"
import { APPEARED_INSTALL } from "../../src/page/appearedText.js"
import { PRESS_WATCH_INSTALL, PRESS_WATCH_READ } from "../../src/page/clickEffects.js"
import { CLICK_READ_EXPRESSION, clickRecorderScript } from "../../src/page/clickRecorder.js"
import { compactScript } from "../../src/page/compactScript.js"
import { fillBeforeScript } from "../../src/page/fillGuard.js"
import { fillReadScript } from "../../src/page/fillReadback.js"
import { KEYED_WATCH_INSTALL } from "../../src/page/typedEffects.js"

describe("compactScript", () => {
  it("leaves out indentation, blank lines and whole-line comments, and keeps every line break between code", () => {
    const js = ["(() => {", "  // why", "", "  const a = 1", "    + 2", "  return a", "})()"].join("\n")
    expect(compactScript(js)).toBe(["(() => {", "const a = 1", "+ 2", "return a", "})()"].join("\n"))
  })

  it("keeps a code line whole: a `//` in a string or after code is not cut", () => {
    const js = 'const u = "https://a.test/x"; // a note\n  const r = /\\/\\//.test(u)'
    expect(compactScript(js)).toBe('const u = "https://a.test/x"; // a note\nconst r = /\\/\\//.test(u)')
  })

  it("reads the same code: automatic semicolons land where they did (a return on its own line)", () => {
    const js = ["const f = () => {", "  return", "    42", "}", "  // done", "return [f(), 1", "  + 1]"].join("\n")
    const run = (src: string) => new Function(src)() as unknown
    expect(run(compactScript(js))).toEqual(run(js))
    expect(run(js)).toEqual([undefined, 2])
  })

  it("the click's, key press's, fill's and typing's page scripts are sent compacted, and still parse", () => {
    const scripts = [
      clickRecorderScript({ kind: "selector", selector: "#b" }),
      clickRecorderScript(
        { kind: "text", text: "Save", exact: false },
        { target: { kind: "selector", selector: "#b" }, waitMs: 3000 }
      ),
      CLICK_READ_EXPRESSION,
      PRESS_WATCH_INSTALL,
      PRESS_WATCH_READ,
      fillBeforeScript("#a", "multi\nline 'text' `x` // not a comment", false),
      fillReadScript({ selector: "#a", text: "hello" }),
      KEYED_WATCH_INSTALL,
      APPEARED_INSTALL
    ]
    for (const script of scripts) {
      expect(() => new Function(script)).not.toThrow()
      expect(compactScript(script)).toBe(script)
      expect(script.split("\n").filter((line) => /^\s/.test(line) || line.startsWith("//"))).toEqual([])
    }
  })
})
