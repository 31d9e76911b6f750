/**
 * The probed command kinds (src/program/probed/): each command belongs to at most one kind, and a kind answers only
 * for its own commands, so the one kind looked up by command is the one that applies.
 */
import { describe, expect, it } from "vitest"
import { KINDS } from "../../src/program/probed/kinds.js"

const ARGVS: ReadonlyArray<ReadonlyArray<string>> = [
  ["press", "Enter"],
  ["key", "Tab"],
  ["mouse", "down"],
  ["check", "#c"],
  ["uncheck", "@e2"],
  ["upload", "#f", "a.txt"],
  ["select", "#s", "a"],
  ["scroll", "down", "500"],
  ["drag", "#a", "#b"],
  ["hover", "#m"],
  ["focus", "#m"],
  ["scrollintoview", "#m"],
  ["reload"],
  ["set", "media", "dark"],
  ["type", "#q", "abc"],
  ["keyboard", "type", "abc"],
  ["fill", "#q", "abc"],
  ["find", "label", "Email", "fill", "a@b.c"],
  ["get", "text", "#out"]
]

describe("probed command kinds", () => {
  it("no two kinds share a command", () => {
    const all = KINDS.flatMap((kind) => kind.commands)
    expect(all.length).toBeGreaterThan(10)
    expect(new Set(all).size).toBe(all.length)
  })

  it("each argv is applied to by exactly one kind, the one that lists its command", () => {
    for (const argv of ARGVS) {
      const applying = KINDS.filter((kind) => kind.applies(argv))
      expect(applying, argv.join(" ")).toHaveLength(1)
      expect(applying[0]?.commands, argv.join(" ")).toContain(argv[0])
    }
  })

  it("a command of a kind that is not its form takes no reads", () => {
    for (const argv of [["press"], ["mouse", "wheel", "10"], ["get", "title"], ["set", "viewport", "1", "1"]])
      expect(
        KINDS.filter((kind) => kind.applies(argv)),
        argv.join(" ")
      ).toHaveLength(0)
  })
})
