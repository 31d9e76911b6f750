// The tables bench:cases prints: per area PASS / DONE-BUT-UNSAID / FAIL (of which: no primitive) / MISLEADING for the
// tool, the raw CLI's counts beside them, totals, then one line per FAIL or MISLEADING case.
const clip = (s, n) => {
  const t = String(s ?? "")
    .replace(/\s+/g, " ")
    .trim()
  return t.length > n ? `${t.slice(0, n - 1)}…` : t
}

/** How much of a tool text a FAIL or MISLEADING line quotes. */
const N = 120

const countsOf = (rows) => ({
  n: rows.length,
  pass: rows.filter((r) => r.status === "PASS").length,
  unsaid: rows.filter((r) => r.status === "DONE-BUT-UNSAID").length,
  fail: rows.filter((r) => r.status === "FAIL").length,
  noPrimitive: rows.filter((r) => String(r.reason).startsWith("no primitive")).length,
  misleading: rows.filter((r) => r.misleading !== undefined).length,
  skipped: rows.filter((r) => r.status === "SKIPPED" || r.status === "N/A").length
})

const cliCell = (rows) => {
  const judged = rows.map((r) => r.cli).filter((x) => x !== undefined && x.status !== "N/A")
  if (judged.length === 0) return "- | - | - | -"
  const k = countsOf(judged)
  return `${k.pass} | ${k.unsaid} | ${k.fail} | ${k.misleading}`
}

export const printReport = (results, withCli) => {
  const areas = [...new Set(results.map((r) => r.area))]
  const head = "| area | cases | PASS | DONE-BUT-UNSAID | FAIL | (no primitive) | MISLEADING | skipped |"
  const cliHead = withCli ? " cli PASS | cli UNSAID | cli FAIL | cli MISL |" : ""
  const beside = withCli ? "; raw agent-browser CLI beside it" : ""
  console.log(`\nbench:cases: the tool's \`args\` path; the page's state read outside the tool${beside}\n`)
  console.log(head + cliHead)
  console.log(`|${" --- |".repeat(8 + (withCli ? 4 : 0))}`)
  const line = (name, rows) => {
    const k = countsOf(rows)
    const tool = `${k.n} | ${k.pass} | ${k.unsaid} | ${k.fail} | ${k.noPrimitive} | ${k.misleading} | ${k.skipped}`
    console.log(`| ${name} | ${tool} |${withCli ? ` ${cliCell(rows)} |` : ""}`)
  }
  for (const a of areas)
    line(
      a,
      results.filter((r) => r.area === a)
    )
  line("**total**", results)
  const fails = results.filter((r) => r.status === "FAIL")
  if (fails.length > 0) {
    console.log("\nFAIL (case: what the page did | what the tool said)")
    for (const r of fails) console.log(`  ${r.id} [${r.reason}]: ${clip(r.page, 90)} | ${clip(r.text || r.aborted, N)}`)
  }
  const mis = results.filter((r) => r.misleading !== undefined)
  if (mis.length > 0) {
    console.log("\nMISLEADING (case: why | what the page did | what the tool said)")
    for (const r of mis) {
      console.log(`  ${r.id} [${r.status}] ${r.misleading}: ${clip(r.page, 80)} | ${clip(r.text, N - 10)}`)
    }
  }
  const unsaid = results.filter((r) => r.status === "DONE-BUT-UNSAID")
  if (unsaid.length > 0) {
    console.log("\nDONE-BUT-UNSAID (case: what the tool said)")
    for (const r of unsaid) console.log(`  ${r.id}: ${clip(r.text, 140)}`)
  }
}
