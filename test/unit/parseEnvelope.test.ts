import * as Either from "effect/Either"
import * as Schema from "effect/Schema"
import { describe, expect, it } from "vitest"
import { BatchRow, SingleEnvelope } from "../../src/schema/UpstreamEnvelope.js"
import { parseEnvelope, parseJsonLossless, quoteUnsafeIntegers } from "../../src/upstream/wire.js"

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

describe("parseEnvelope without the schema's walk", () => {
  const rows = [
    { success: true, result: { a: 1 }, command: ["click", "#a"], extra: 1 },
    { index: 2, success: false, error: "boom", code: "x", warning: "w", result: null },
    { success: true },
    { success: false, error: null, command: [] }
  ]
  const singles = [
    { success: true, data: { url: "x" }, error: null },
    { success: false, error: "e", warning: "w", code: "c", type: "t", _boundary: { z: 1 }, extra: 2 },
    { success: true },
    { _boundary: null, success: true, data: [1] }
  ]
  const decoded = (text: string) => Either.getOrThrow(parseEnvelope(text))

  it("decodes a batch as the schema does: the same fields, in the schema's order, excess ones dropped", () => {
    const viaSchema = Schema.decodeUnknownSync(Schema.Array(BatchRow))(rows)
    const got = decoded(JSON.stringify(rows))
    expect(got.kind === "batch" && JSON.stringify(got.rows)).toBe(JSON.stringify(viaSchema))
  })

  it("decodes an envelope as the schema does", () => {
    for (const single of singles) {
      const got = decoded(JSON.stringify(single))
      expect(got.kind === "single" && JSON.stringify(got.envelope)).toBe(
        JSON.stringify(Schema.decodeUnknownSync(SingleEnvelope)(single))
      )
    }
  })

  it("leaves a document of another shape to the schema, which says what is wrong", () => {
    expect(parseEnvelope('[{"success":true,"index":"1"}]')).toEqual(Either.left(expect.stringContaining("index")))
    expect(parseEnvelope('{"success":"yes"}')).toEqual(Either.left(expect.stringContaining("success")))
  })
})
