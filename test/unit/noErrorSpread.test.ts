/**
 * No error is ever copied by spread. An error's `message` is a getter derived from its fields (and `stack`, `name`
 * live on the instance or prototype without being enumerable), so `{ ...error }` silently drops its words; a copy is
 * built from its schema's fields (`withFields`). `test/support/errorSpreads.mjs` reads `src/` with the TypeScript
 * checker and lists every object spread or `Object.assign` source whose type is an Error, whatever it is called. It
 * runs in a child process: building the program takes seconds, which would stall the test worker.
 */
import { execFile } from "node:child_process"
import { resolve } from "node:path"
import { promisify } from "node:util"
import { describe, expect, it } from "vitest"

const SCRIPT = resolve(import.meta.dirname, "../support/errorSpreads.mjs")
let found: Promise<{ readonly src: ReadonlyArray<string>; readonly probe: ReadonlyArray<string> }> | undefined
const spreads = () =>
  (found ??= promisify(execFile)(process.execPath, [SCRIPT], { maxBuffer: 4 * 1024 * 1024 }).then(
    (r) => JSON.parse(r.stdout) as { readonly src: ReadonlyArray<string>; readonly probe: ReadonlyArray<string> }
  ))

describe("no error is copied by spread", () => {
  it("src/ spreads no Error value (a copy is built from the error's fields: withFields)", async () => {
    expect((await spreads()).src).toEqual([])
  }, 180_000)

  it("the check finds a spread of a tagged error and of a plain Error, under any name, and passes a spread of its fields", async () => {
    expect((await spreads()).probe.map((line) => line.split(": ")[0])).toEqual([
      "src/__spreadProbe.ts:4",
      "src/__spreadProbe.ts:5",
      "src/__spreadProbe.ts:6"
    ])
  }, 180_000)
})
