/** What a password fill says it made appear: the page's texts, less any that hold the typed value (probed/fill.ts). */
import { describe, expect, it } from "vitest"
import { passwordShownOf } from "../../src/program/probed/fill.js"

const read = (texts: ReadonlyArray<string>, count = texts.length, hidden?: ReadonlyArray<string>) => ({
  appeared: {
    count,
    texts,
    ...(hidden !== undefined ? { hidden: { count: hidden.length, texts: hidden } } : {})
  }
})

describe("passwordShownOf", () => {
  it("keeps the page's own texts and leaves out a text that holds the typed value", () => {
    expect(passwordShownOf("s3cret-pass", read(["You typed s3cret-pass", "Strength: strong"]))).toEqual({
      effects: { appeared: { count: 1, first: ["Strength: strong"] } }
    })
  })

  it("counts the texts read beyond the first ones as before (they are never read, so never said)", () => {
    expect(passwordShownOf("pw-123456", read(["pw-123456", "Long enough"], 5))).toEqual({
      effects: { appeared: { count: 4, first: ["Long enough"] } }
    })
  })

  it("says nothing when every text read holds the value, or nothing appeared; the hidden texts are not said", () => {
    expect(passwordShownOf("hunter22", read(["hunter22", "Shown: hunter22"]))).toEqual({})
    expect(passwordShownOf("hunter22", {})).toEqual({})
    expect(passwordShownOf("hunter22", read(["Too short"], 1, ["Old: hunter11"]))).toEqual({
      effects: { appeared: { count: 1, first: ["Too short"] } }
    })
  })
})
