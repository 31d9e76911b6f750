/**
 * A scripted page behind FakeAgentBrowser, for the deterministic benchmark: it holds named elements whose `@eN` refs
 * are renumbered whenever the page navigates or re-renders, so a ref taken before goes stale exactly as upstream's
 * does ("Unknown ref"). Every command is answered the same way whether it runs alone or as a row of a batch.
 */
import { FakeAgentBrowser, type ScriptedRun } from "../FakeAgentBrowser.js"
import type { RunRequest } from "../../../services/ProcessRunner.js"
import { batchStepsOf } from "../../../upstream/wire.js"

export interface PageElement {
  readonly role: string
  readonly name: string
  /** Clicking it re-renders the page (every ref renumbered, same URL). */
  readonly rerenders?: boolean
}

interface Row {
  readonly success: boolean
  readonly result: unknown
  readonly error: string | null
}

export interface FakePage {
  readonly script: ReadonlyArray<ScriptedRun>
  /** The ref the element of this role and name has now. */
  readonly refOf: (role: string, name: string) => string | undefined
  /** Renumbers every ref (a re-render the agent did not cause). */
  readonly rerender: () => void
  /** The element of this name leaves the page, which re-renders. */
  readonly remove: (name: string) => void
}

const REF = /^@?(e\d+)$/

/**
 * A page at `url` with `elements`; refs start at `e{firstRef}` and move on by the element count at each renumbering.
 */
export const fakePage = (url: string, initial: ReadonlyArray<PageElement>, firstRef = 1): FakePage => {
  let current = url
  let elements = initial
  let base = firstRef
  const refs = () => new Map<string, PageElement>(elements.map((e, i) => [`e${base + i}`, e]))
  const renumber = () => {
    base += elements.length
  }
  const snapshot = () => {
    const all = [...refs()]
    return {
      origin: current,
      refs: Object.fromEntries(all.map(([ref, e]) => [ref, { role: e.role, name: e.name }])),
      snapshot: all.map(([ref, e]) => `- ${e.role} "${e.name}" [ref=${ref}]`).join("\n")
    }
  }
  const ok = (result: unknown): Row => ({ success: true, result, error: null })
  const answer = (command: ReadonlyArray<string>): Row => {
    const [verb, target] = command
    if (verb === "snapshot") return ok(snapshot())
    if (verb === "open" && target !== undefined) {
      current = target
      renumber()
      return ok({ url: current, title: "Page" })
    }
    if (verb === "get" && target === "url") return ok({ url: current })
    if (verb === "get" && target === "title") return ok({ title: "Page" })
    if (verb === "eval") return ok({ result: { url: current, title: "Page" } })
    const ref = REF.exec(target ?? "")?.[1]
    if (ref !== undefined) {
      const element = refs().get(ref)
      if (element === undefined) return { success: false, result: null, error: `Unknown ref: ${ref}` }
      if (element.rerenders === true) renumber()
      return ok({ [verb ?? "done"]: true })
    }
    return ok({})
  }
  const command = (request: RunRequest): ReadonlyArray<string> => {
    const at = request.args.findIndex((a, i) => !a.startsWith("-") && request.args[i - 1] !== "--session")
    return request.args.slice(at)
  }
  const script: ReadonlyArray<ScriptedRun> = [
    {
      when: (r) => r.args.includes("batch"),
      repeat: true,
      reply: (r) => {
        const rows: Array<Row & { command: ReadonlyArray<string> }> = []
        for (const step of batchStepsOf(r.stdin) ?? []) {
          const row = answer(step)
          rows.push({ command: step, ...row })
          if (!row.success) break
        }
        return { exitCode: rows.every((row) => row.success) ? 0 : 1, stdout: `${JSON.stringify(rows)}\n` }
      }
    },
    {
      repeat: true,
      reply: (r) => {
        const row = answer(command(r))
        return row.success ? FakeAgentBrowser.ok(row.result) : FakeAgentBrowser.fail(row.error ?? "")
      }
    }
  ]
  return {
    script,
    refOf: (role, name) => [...refs()].find(([, e]) => e.role === role && e.name === name)?.[0],
    rerender: renumber,
    remove: (name) => {
      renumber()
      elements = elements.filter((e) => e.name !== name)
    }
  }
}
