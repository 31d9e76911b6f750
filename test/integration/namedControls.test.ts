/**
 * Unnamed controls named by their context, and refs for list items and labels on request (`snapshot -i -C`), against
 * the real agent-browser on a TodoMVC page (fixtures/site/todos.html). Effects are checked with the raw binary.
 */
import { describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { rawData } from "../support/rawPage.js"

const live = liveWorld()
let session = ""
const raw = <A>(args: ReadonlyArray<string>): A => rawData<A>(live.world, session, args)
const refIn = (text: string, pattern: RegExp): string => {
  const ref = pattern.exec(text)?.[1]
  if (ref === undefined) throw new Error(`no ref for ${String(pattern)} in:\n${text}`)
  return ref
}

describe("named controls", () => {
  it("tells the three todo checkboxes apart, and a click on the one for Buy milk toggles that row", async () => {
    session = await live.openSession("/todos.html")
    const result = await live.tool.call({ args: ["snapshot", "-i"] })
    const text = textOf(result)
    expect(text).toMatch(/- checkbox \[checked=false, ref=e\d+\] \(in listitem "Walk the dog"\)/)
    expect(text).toMatch(/- checkbox \[checked=true, ref=e\d+\] \(in listitem "Pay rent"\)/)
    // a named control keeps its upstream line
    expect(text).toMatch(/- checkbox "Mark all as complete" \[checked=false, ref=e\d+\]\n/)
    const milk = refIn(text, /- checkbox \[checked=false, ref=(e\d+)\] \(in listitem "Buy milk"\)/)
    expect(raw<{ checked: boolean }>(["is", "checked", ".todo-list li:nth-child(2) .toggle"]).checked).toBe(false)
    const clicked = await live.tool.call({ args: ["click", `@${milk}`] })
    expect(clicked.isError, clicked.details.error).toBe(false)
    expect(raw<{ checked: boolean }>(["is", "checked", ".todo-list li:nth-child(2) .toggle"]).checked).toBe(true)
    expect(raw<{ value: string | null }>(["get", "attr", ".todo-list li:nth-child(2)", "class"]).value).toBe(
      "completed"
    )
    expect(raw<{ checked: boolean }>(["is", "checked", ".todo-list li:nth-child(1) .toggle"]).checked).toBe(false)
  })

  it("names the todo checkboxes in a job's snapshot step and a batch's, with the caller's step numbers, and the refs act", async () => {
    const job = await live.tool.call({
      job: { steps: [{ action: "open", url: `${live.site.origin}/todos.html` }, { action: "snapshot" }] }
    })
    expect(job.isError, job.details.error).toBe(false)
    const text = textOf(job)
    expect(text).toMatch(/^2\. snapshot -i\n/m)
    expect(text).toMatch(/- checkbox \[checked=false, ref=e\d+\] \(in listitem "Walk the dog"\)/)
    expect(text).toMatch(/- checkbox \[checked=true, ref=e\d+\] \(in listitem "Pay rent"\)/)
    expect(text).toMatch(/- checkbox "Mark all as complete" \[checked=false, ref=e\d+\]\n/)
    const milk = refIn(text, /- checkbox \[checked=false, ref=(e\d+)\] \(in listitem "Buy milk"\)/)
    // the job's last snapshot gave the session its refs: the one read for Buy milk checks that row
    const checked = await live.tool.call({ args: ["check", `@${milk}`] })
    expect(checked.isError, checked.details.error).toBe(false)
    expect(raw<{ checked: boolean }>(["is", "checked", ".todo-list li:nth-child(2) .toggle"]).checked).toBe(true)
    expect(raw<{ checked: boolean }>(["is", "checked", ".todo-list li:nth-child(1) .toggle"]).checked).toBe(false)
    // a caller's raw batch: its snapshot row names them too, numbered as the caller's third step
    const batch = textOf(
      await live.tool.call({
        args: ["batch"],
        stdin: JSON.stringify([
          ["uncheck", ".todo-list li:nth-child(2) .toggle"],
          ["get", "title"],
          ["snapshot", "-i"]
        ])
      })
    )
    expect(batch).toMatch(/^3\. snapshot\n/m)
    // (the pointer left on that row shows its delete button too: the checkbox is then named by the text after it)
    expect(batch).toMatch(/- checkbox \[checked=false, ref=e\d+\] \((?:in listitem|before) "Buy milk"\)/)
    expect(batch).toMatch(/✓ 3\/3 steps/)
  })

  it("gives list items and labels refs with -C that click and drag the intended element, and leaves no trace", async () => {
    await live.tool.call({ args: ["open", `${live.site.origin}/todos.html`] })
    const plain = textOf(await live.tool.call({ args: ["snapshot", "-i"] }))
    // the page marks the priorities draggable: they have refs without -C (dragRefs.test.ts); labels only with it
    expect(plain).toMatch(/- listitem "Alpha" \[ref=e\d+\] draggable$/m)
    expect(plain).not.toMatch(/LabelText "Buy milk"/)
    const asked = await live.tool.call({ args: ["snapshot", "-i", "-C"] })
    expect(asked.isError, asked.details.error).toBe(false)
    const text = textOf(asked)
    const charlie = refIn(text, /- listitem "Charlie" \[ref=(e\d+)\] draggable$/m)
    const alpha = refIn(text, /- listitem "Alpha" \[ref=(e\d+)\] draggable$/m)
    expect(text).toMatch(/LabelText "Buy milk" \[ref=e\d+\]/)
    // upstream's "clickable [onclick]" was the tool's own handler: not shown as the page's
    expect(text).not.toContain("clickable [onclick]")
    // list items that only wrap a link add nothing: the link has its ref
    expect(text).not.toMatch(/listitem "Active"/)
    // the handlers are gone again
    expect(
      raw<{ result: number }>([
        "eval",
        "[...document.querySelectorAll('li, label')].filter((e) => e.onclick !== null).length"
      ]).result
    ).toBe(0)
    const dragged = await live.tool.call({ args: ["drag", `@${charlie}`, `@${alpha}`] })
    expect(dragged.isError, dragged.details.error).toBe(false)
    expect(
      raw<{ result: string }>([
        "eval",
        "[...document.querySelectorAll('#sortable li')].map((li) => li.textContent).join(',')"
      ]).result
    ).toBe("Charlie,Alpha,Bravo")
    expect(raw<{ text: string }>(["get", "text", `@${alpha}`]).text).toBe("Alpha")
  })

  it("leaves the default view of an ordinary page as upstream's tree, a heading's level aside", async () => {
    await live.tool.call({ args: ["open", `${live.site.origin}/index.html`] })
    const text = textOf(await live.tool.call({ args: ["snapshot", "-i"] }))
    const upstream = raw<{ snapshot: string }>(["snapshot", "-i"]).snapshot
    // in -i a heading's level is not shown (condenseTree.ts): the line is otherwise upstream's
    expect(upstream).toMatch(/- heading "Sign in to Acme" \[level=1, ref=e\d+\]/)
    expect(text).toBe(upstream.replace(/(- heading "[^"]*" \[)level=\d+, /g, "$1"))
  })
})
