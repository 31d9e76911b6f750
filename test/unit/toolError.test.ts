/** Every failureCategory of the contract has exactly one tagged error (also checked at compile time). */
import { describe, expect, it } from "vitest"
import { FailureCategory } from "../../src/schema/Categories.js"
import { categoryOf, errorTags, everyCategoryReached, noCategoryShared, type ToolError } from "../../src/schema/ToolError.js"
import * as Errors from "../../src/schema/ToolError.js"

describe("ToolError ↔ failureCategory", () => {
  it("compile-time proofs hold", () => {
    expect(everyCategoryReached).toBe(true)
    expect(noCategoryShared).toBe(true)
  })

  it("is a bijection over the contract's 16 categories", () => {
    const categories = errorTags.map((tag) => {
      const ErrorClass = (Errors as unknown as Record<string, new (args: object) => ToolError>)[tag]
      if (ErrorClass === undefined) throw new Error(`no class for ${tag}`)
      return categoryOf(new ErrorClass({}))
    })
    expect(new Set(categories).size).toBe(categories.length)
    expect([...categories].sort()).toEqual([...FailureCategory.literals].sort())
    expect(categories.length).toBe(16)
  })
})
