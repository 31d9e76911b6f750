import * as Either from "effect/Either"
import { describe, expect, it } from "vitest"
import { parseEnvelope, parseJsonLossless, quoteUnsafeIntegers } from "../../src/upstream/parseEnvelope.js"

describe("parseJsonLossless", () => {
  it("keeps u64 launch hashes exact", () => {
    const parsed = parseJsonLossless('{"launchHash":13207839290292603806,"n":42,"f":1.5e3,"neg":-12}') as Record<
      string,
      unknown
    >
    expect(parsed["launchHash"]).toBe("13207839290292603806")
    expect(parsed["n"]).toBe(42)
    expect(parsed["f"]).toBe(1500)
    expect(parsed["neg"]).toBe(-12)
  })

  it("never touches digits inside strings", () => {
    const text = '{"s":"13207839290292603806 \\" 99999999999999999999","t":[1,2]}'
    expect(quoteUnsafeIntegers(text)).toBe(text)
  })
})

describe("parseEnvelope", () => {
  it("normalizes missing data/error to null and keeps warning/code/type", () => {
    const cli = parseEnvelope('{"error":"Unknown command: x","success":false,"type":"unknown_command"}')
    expect(cli).toEqual(
      Either.right({
        kind: "single",
        envelope: { success: false, data: null, error: "Unknown command: x", type: "unknown_command" }
      })
    )
    const session = parseEnvelope('{"data":{"session":"a"},"success":true}')
    expect(Either.getOrThrow(session)).toMatchObject({
      kind: "single",
      envelope: { success: true, data: { session: "a" }, error: null }
    })
    const wedged = parseEnvelope(
      '{"success":false,"data":{"replaced":true},"error":"page_wedged: x","code":"page_wedged"}'
    )
    expect(Either.getOrThrow(wedged)).toMatchObject({ envelope: { code: "page_wedged" } })
  })

  it("reads batch arrays, with and without result keys", () => {
    const rows = parseEnvelope(
      '[{"command":["get","title"],"error":null,"result":{"title":"T"},"success":true},{"command":["bogus"],"error":"Unknown command","success":false}]'
    )
    expect(Either.getOrThrow(rows)).toEqual({
      kind: "batch",
      rows: [
        { command: ["get", "title"], error: null, result: { title: "T" }, success: true },
        { command: ["bogus"], error: "Unknown command", result: null, success: false }
      ]
    })
  })

  it("rejects empty, non-JSON and unknown shapes with a reason", () => {
    expect(parseEnvelope("")).toEqual(Either.left("empty stdout"))
    expect(Either.isLeft(parseEnvelope("✓ Done"))).toBe(true)
    expect(Either.isLeft(parseEnvelope('{"ok":1}'))).toBe(true)
  })
})
