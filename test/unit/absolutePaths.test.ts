/** Paths a command reads or writes, made absolute under the pi cwd before upstream sees them. */
import { describe, expect, it } from "vitest"
import { absolutizeBatchStdin, absolutizeOutputPath } from "../../src/program/pipeline/planInvocation.js"

describe("absolutizeOutputPath", () => {
  it("an upload's files are made absolute; its selector, flags and absolute files stay as given", () => {
    expect(absolutizeOutputPath(["upload", "#f", "a.txt", "/tmp/b.png", "sub/c.txt"], "/work/p").args).toEqual([
      "upload",
      "#f",
      "/work/p/a.txt",
      "/tmp/b.png",
      "/work/p/sub/c.txt"
    ])
    expect(absolutizeOutputPath(["--session", "s1", "upload", "@e3", "a.txt"], "/work/p").args).toEqual([
      "--session",
      "s1",
      "upload",
      "@e3",
      "/work/p/a.txt"
    ])
  })

  it("other commands keep their arguments; an output path is made absolute as before", () => {
    expect(absolutizeOutputPath(["fill", "#f", "a.txt"], "/work/p").args).toEqual(["fill", "#f", "a.txt"])
    expect(absolutizeOutputPath(["screenshot", "shot.png"], "/work/p")).toEqual({
      args: ["screenshot", "/work/p/shot.png"],
      outputPath: "/work/p/shot.png"
    })
  })

  it("a batch's upload steps too; stdin without paths to change is returned as it was", () => {
    const rows = JSON.parse(absolutizeBatchStdin(JSON.stringify([["upload", "#f", "a.txt"]]), "/work/p").stdin)
    expect(rows).toEqual([["upload", "#f", "/work/p/a.txt"]])
    const plain = JSON.stringify([["click", "#b"]])
    expect(absolutizeBatchStdin(plain, "/work/p")).toEqual({ stdin: plain, outputPaths: [] })
  })
})
