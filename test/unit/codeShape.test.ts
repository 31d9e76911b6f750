import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { LIMITS, measure } from "../../scripts/code-shape.mjs"

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..")

describe("the code's shape (npm run shape)", () => {
  const report = measure(root)

  it("has no hand-written src file over the line limit", () => {
    expect(report.longFiles.map((row) => `${row.file}: ${row.lines}`)).toEqual([])
  })

  it("has no function at or over the function limit", () => {
    expect(report.longFunctions.map((row) => `${row.file}:${row.line} ${row.name}: ${row.lines}`)).toEqual([])
  })

  it("has no line over the column limit", () => {
    expect(report.longLines.map((row) => `${row.file}:${row.line}`)).toEqual([])
  })

  it("finds a long file, a long function and a long line (and not a generated file)", () => {
    const dir = mkdtempSync(join(tmpdir(), "code-shape-"))
    try {
      mkdirSync(join(dir, "src"))
      const body = Array.from({ length: LIMITS.functionLines }, (_, i) => `  const v${i} = ${i}`).join("\n")
      const filler = Array.from({ length: LIMITS.fileLines }, (_, i) => `// ${i}`).join("\n")
      writeFileSync(join(dir, "src", "big.ts"), `export function big() {\n${body}\n}\n${filler}\n`)
      writeFileSync(join(dir, "src", "wide.ts"), `export const wide = "${"x".repeat(LIMITS.lineChars)}"\n`)
      writeFileSync(join(dir, "src", "table.generated.ts"), `export const t = "${"x".repeat(LIMITS.lineChars)}"\n`)
      const found = measure(dir)
      expect(found.longFiles.map((row) => row.file)).toEqual([join("src", "big.ts")])
      expect(found.longFunctions.map((row) => row.name)).toEqual(["big"])
      expect(found.longLines.map((row) => row.file)).toEqual([join("src", "wide.ts")])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
