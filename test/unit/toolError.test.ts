/** Every failureCategory of the contract has exactly one tagged error (also checked at compile time). */
import { describe, expect, expectTypeOf, it } from "vitest"
import { FailureCategory } from "../../src/schema/Categories.js"
import {
  categoryOf,
  errorClasses,
  errorTags,
  everyCategoryReached,
  noCategoryShared,
  type ToolError
} from "../../src/schema/ToolError.js"

describe("ToolError ↔ failureCategory", () => {
  it("compile-time proofs hold: every category is reached, none is shared", () => {
    expectTypeOf(everyCategoryReached).toEqualTypeOf<true>()
    expectTypeOf(noCategoryShared).toEqualTypeOf<true>()
    expectTypeOf<(typeof errorTags)[number]>().toEqualTypeOf<ToolError["_tag"]>()
    expectTypeOf<InstanceType<(typeof errorClasses)[keyof typeof errorClasses]>>().toEqualTypeOf<ToolError>()
  })

  it("is a bijection over the contract's 16 categories", () => {
    const categories = errorTags.map((tag) => {
      const ErrorClass = errorClasses[tag]
      expect(ErrorClass._tag).toBe(tag)
      return categoryOf({ _tag: tag } as ToolError)
    })
    expect(new Set(categories).size).toBe(categories.length)
    expect([...categories].sort()).toEqual([...FailureCategory.literals].sort())
    expect(categories.length).toBe(16)
  })
})
