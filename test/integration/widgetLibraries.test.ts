/**
 * Every success true and every warning right on third-party widget libraries from npm (fixtures/widget-libs), driven
 * the way a model first drives a page (snapshot, then act by ref) and with the best mode, against the real
 * agent-browser. After every action the page is read independently (the library's API or the DOM, with the raw
 * binary): a success must have happened and carry no warning, a failure must not have acted, and following a
 * failure's first next action must make progress. One browser for the file; each page is opened once.
 */
import { describe, expect, it } from "vitest"
import { firstNext, firstNextParams, refOf, widgetWorld } from "../support/widgetLibs.js"

const live = widgetWorld()
const SLOW = { timeout: 240_000 }
/** Opens a page; on a loaded machine a heavy page can outlast upstream's load wait, so its UI is waited for after. */
const open = async (path: string, ready?: string) => {
  if (ready === undefined) return live.read({ args: ["open", `${live.apps.origin}${path}`], timeoutMs: 90_000 })
  await live.tool.call({ args: ["open", `${live.apps.origin}${path}`], timeoutMs: 90_000 })
  return live.read({ args: ["wait", ready, "--timeout", "60000"], timeoutMs: 90_000 })
}
const text = (selector: string) => live.page<string>(`document.querySelector(${JSON.stringify(selector)}).textContent`)

describe("selects that hide a native <select>", () => {
  it(
    'Choices.js: a click on the hidden native option fails (not "Clicked"); following its first next action chooses the widget\'s option; the marked snapshot, a text click and a role click lead there too (P6)',
    SLOW,
    async () => {
      await open("/choices.html")
      const chosen = () => live.page<string>(`choices.getValue(true).join(",")`)
      const first = await live.read({ args: ["snapshot", "-i"] })
      const native = refOf(first, "option", "Mushrooms")
      const miss = await live.act({ args: ["click", native] }, () => chosen() !== "", "click the native option")
      expect(miss.result.isError).toBe(true)
      expect(miss.text).toContain("native <select>")
      // the first next action clicks the widget's own option of that name (resolved past the hidden native one by a
      // fresh snapshot -i): following it chooses the option
      expect(firstNext(miss.result).slice(-6)).toEqual(["find", "role", "option", "click", "--name", "Mushrooms"])
      const followed = await live.act(
        { args: firstNext(miss.result) },
        () => chosen() === "Mushrooms",
        "follow the first next action"
      )
      expect(followed.result.isError, followed.text).toBe(false)
      expect(text("#toppings-result")).toBe("Toppings: Mushrooms")
      // the snapshot marks a native option hidden and names the widget's own
      const marked = await live.read({ args: ["snapshot", "-i"] })
      const onions = refOf(marked, "option", "Onions")
      expect(marked).toMatch(
        new RegExp(`option "Onions" \\[ref=${onions.slice(1)}\\] \\(hidden: a pointer cannot reach it; use @e\\d+\\)`)
      )
      // a model that clicks the marked ref anyway is refused before anything runs, and sent to the twin
      const again = await live.act(
        { args: ["click", onions] },
        () => chosen() !== "Mushrooms",
        "click the hidden option"
      )
      expect(again.result.isError).toBe(true)
      expect(again.result.details.failureCategory).toBe("selector-not-found")
      expect(firstNext(again.result)).not.toContain(onions)
      await live.act({ args: firstNext(again.result) }, () => chosen() === "Mushrooms,Onions", "follow the next action")
      expect(text("#toppings-result")).toBe("Toppings: Mushrooms, Onions")
      // a text click is resolved in the page first (page/textPick.ts): the widget's own visible option takes it, not
      // the hidden native one upstream's locator would find first, and the text names what was clicked
      const olives = () => chosen() === "Mushrooms,Onions,Olives"
      const found = await live.act(
        { args: ["find", "text", "Olives", "click"] },
        olives,
        "find text Olives picks the widget's option"
      )
      // (the only visible element holding the words: the box around the hidden <select> does not count its options)
      expect(found.text).toMatch(/^Clicked option "Olives" \(/)
      // P6: a role click of that name (here semanticAction) is resolved by a fresh snapshot -i to the widget's
      // reachable option, past the hidden native one listed first, and chooses it
      const semantic = await live.act(
        { semanticAction: { action: "click", locator: "role", value: "option", name: "Peppers" } },
        () => chosen() === "Mushrooms,Onions,Olives,Peppers",
        "semanticAction role click past the hidden option"
      )
      expect(semantic.result.details.compiledSemanticAction).toMatchObject({
        resolvedRef: expect.stringMatching(/^@e\d+$/)
      })
      expect(semantic.text).toMatch(
        /Resolved role option "Peppers" to @e\d+ with a fresh snapshot -i \(a pointer cannot reach @e\d+ of that role and name\)/
      )
    }
  )

  it(
    "Choices.js, searchable multi-select with its list closed: a text or role click that reaches the widget instead fails; following the first next action chooses the option",
    SLOW,
    async () => {
      await open("/choices.html")
      const chosen = () => live.page<string>(`choices.getValue(true).join(",")`)
      expect(chosen()).toBe("")
      // a text click whose first match is the hidden native option (the list is closed: no twin to resolve to)
      const found = await live.act(
        { args: ["find", "text", "Olives", "click"] },
        () => chosen() !== "",
        "find text Olives click on the hidden option"
      )
      expect(found.result.isError, found.text).toBe(true)
      expect(found.text).not.toMatch(/^Clicked/m)
      expect(firstNext(found.result).slice(-6)).toEqual(["find", "role", "option", "click", "--name", "Olives"])
      const followed = await live.act(
        { args: firstNext(found.result) },
        () => chosen() === "Olives",
        "follow the first next action"
      )
      expect(followed.result.isError, followed.text).toBe(false)
      expect(text("#toppings-result")).toBe("Toppings: Olives")
    }
  )

  it(
    "Tom Select: the hidden duplicate names its reachable twin (no garbled stale ref, no loop); no combobox warning on the open list",
    SLOW,
    async () => {
      await open("/tomselect.html")
      const value = () => live.page<string>("tom.getValue()")
      // a text click whose first match is the hidden native option: said, with no claim that the lone option is
      // reachable
      const textClick = await live.act(
        { args: ["find", "text", "France", "click"] },
        () => value() !== "",
        "text click on the hidden option"
      )
      expect(textClick.result.details.failureCategory).toBe("selector-not-found")
      expect(textClick.text).toContain("is hidden")
      expect(textClick.text).toContain("open what shows it (a widget's list: click its combobox")
      expect(textClick.text).not.toMatch(/Click @e\d+: it has that exact name/)
      const before = await live.read({ args: firstNext(textClick.result) })
      const control = refOf(before, "combobox", "Country")
      await live.act({ args: ["click", control] }, () => live.page<boolean>("tom.isOpen"), "open the list")
      const listed = await live.read({ args: ["snapshot", "-i"] })
      const hidden = refOf(listed, "option", "France")
      const twin = refOf(listed, "option", "France", 2)
      expect(listed).toContain(
        `option "France" [ref=${hidden.slice(1)}] (hidden: a pointer cannot reach it; use ${twin})`
      )
      const miss = await live.act({ args: ["click", hidden] }, () => value() !== "", "click the hidden option")
      expect(miss.result.isError).toBe(true)
      expect(miss.text).not.toContain("Ref for is stale")
      expect(firstNext(miss.result)).toContain(twin)
      await live.act({ args: firstNext(miss.result) }, () => value() === "France", "follow the next action")
      expect(text("#country-result")).toBe("Country: France")
    }
  )
})

describe("editors", () => {
  it("TinyMCE (iframe body): a fill over typed text replaces it, read back inside the frame", SLOW, async () => {
    await open("/tinymce.html", ".tox-edit-area iframe")
    const body = () => live.page<string>(`tinymce.activeEditor.getContent({ format: "text" }).trim()`)
    await live.act({ args: ["click", "iframe"] }, () => true, "focus the editor")
    const snapshot = await live.read({ args: ["snapshot", "-i"] })
    expect(snapshot).toContain("Iframe")
    await live.act({ args: ["keyboard", "type", "Hello there"] }, () => body() === "Hello there")
    // a second fill replaces the body's text (before: it added to it, and the read inside the frame said so)
    const second = await live.act(
      { args: ["fill", "iframe", "Second line"] },
      () => body() === "Second line",
      "fill the iframe"
    )
    expect([second.result.isError, body()], second.text).toEqual([false, "Second line"])
  })

  it("Quill (contenteditable): fill by ref, then by label over it, hold the text, with no warning", SLOW, async () => {
    await open("/quill.html")
    const body = () => live.page<string>("quill.getText().trim()")
    const snapshot = await live.read({ args: ["snapshot", "-i"] })
    await live.act({ args: ["fill", refOf(snapshot, "generic", "Note"), "Buy milk"] }, () => body() === "Buy milk")
    // the second fill replaces the note (before: "Buy milkWalk the dog", said as a kept text)
    const second = await live.act(
      { semanticAction: { action: "fill", locator: "label", value: "Note", text: "Walk the dog" } },
      () => body() === "Walk the dog"
    )
    expect([second.result.isError, body()], second.text).toEqual([false, "Walk the dog"])
  })
})

describe("web components (shadow DOM)", () => {
  it(
    "Shoelace: input, checkbox, select and button by ref; the open select gets no combobox warning",
    SLOW,
    async () => {
      await open("/shoelace.html")
      const snapshot = await live.read({ args: ["snapshot", "-i"] })
      await live.act(
        { args: ["fill", refOf(snapshot, "textbox", "Name"), "Ada"] },
        () => live.page<string>(`document.querySelector("#name").value`) === "Ada"
      )
      await live.act({ args: ["click", refOf(snapshot, "checkbox", "Subscribe to news")] }, () =>
        live.page<boolean>(`document.querySelector("#subscribe").checked`)
      )
      await live.act(
        { args: ["click", refOf(snapshot, "combobox", "Plan")] },
        () => live.page<boolean>(`document.querySelector("#plan").open`),
        "open the select"
      )
      const listed = await live.read({ args: ["snapshot", "-i"] })
      await live.act(
        { args: ["click", refOf(listed, "option", "Team")] },
        () => live.page<string>(`document.querySelector("#plan").value`) === "team"
      )
      await live.act(
        { args: ["click", refOf(snapshot, "button", "Save profile")] },
        () => text("#profile-result") === "Saved: Ada / subscribed / team"
      )
    }
  )
})

describe("data views", () => {
  it(
    "AG Grid: after the sort click the next snapshot lists the sorted rows (the click waits for the re-render)",
    SLOW,
    async () => {
      await open("/aggrid.html")
      const snapshot = await live.read({ args: ["snapshot", "-i"] })
      // its headers and cells are what a model acts on: not a page with "no interactive elements"
      expect(snapshot).not.toMatch(/Almost nothing on the page|No interactive elements|still be loading/)
      const sorted = () =>
        live.page<string>(
          `JSON.stringify(grid.getColumnState().filter((c) => c.sort).map((c) => c.colId + ":" + c.sort))`
        ) === `["price:asc"]`
      await live.act({ args: ["click", refOf(snapshot, "columnheader", "Price")] }, sorted, "sort by price")
      // the whole tree: its first row is checked (a repeat would be a delta of the rows that changed)
      const after = await live.read({ args: ["snapshot", "-i", "--full"] })
      const top = live.page<string>("grid.getDisplayedRowAtIndex(0).data.product")
      const firstRow = /row "(?!Product)([^"]+)"/.exec(after)?.[1] ?? ""
      expect(firstRow.startsWith(top), after).toBe(true)
    }
  )

  it("Swagger UI: expand, try it out, fill the parameter and execute; the server saw the request", SLOW, async () => {
    await open("/swagger.html", ".opblock-summary")
    const s1 = await live.read({ args: ["snapshot", "-i"] })
    await live.act(
      { args: ["click", refOf(s1, "button", "GET /api /pets List pets")] },
      () => live.page<boolean>(`document.querySelector(".try-out__btn") !== null`),
      "expand the operation"
    )
    const s2 = await live.read({ args: ["snapshot", "-i"] })
    await live.act(
      { args: ["click", refOf(s2, "button", "Try it out")] },
      () => live.page<boolean>(`document.querySelector("input[placeholder=limit]") !== null`),
      "try it out"
    )
    const s3 = await live.read({ args: ["snapshot", "-i"] })
    await live.act(
      { args: ["fill", refOf(s3, "textbox", "limit"), "2"] },
      () => live.page<string>(`document.querySelector("input[placeholder=limit]").value`) === "2"
    )
    await live.act(
      { args: ["click", refOf(s3, "button", "Execute")] },
      () => live.apps.requests.includes("GET /api/pets?limit=2"),
      "execute"
    )
  })
})

describe("a date picker and a sortable list", () => {
  it(
    "flatpickr: a fill on its read-only input warns so and its next action opens the calendar; the day by ref; the job by labels",
    SLOW,
    async () => {
      await open("/flatpickr.html")
      const chosen = () => live.page<string>(`document.querySelector("#departure").value`)
      const snapshot = await live.read({ args: ["snapshot", "-i"] })
      const input = refOf(snapshot, "textbox", "Departure")
      // typing cannot set it: a right warning that says why, whose first next action opens the picker (not "type
      // again")
      const fill = await live.act(
        { args: ["fill", input, "2025-03-20"] },
        () => chosen() === "2025-03-20",
        "fill the read-only input"
      )
      expect(fill.text).toContain("read-only")
      expect(fill.text).not.toContain("keyboard type")
      // one job that opens the picker and shows what opened (a click step, then a snapshot step)
      const next = firstNextParams(fill.result)
      expect(JSON.stringify(next)).toContain('"action":"click"')
      expect(JSON.stringify(next)).toContain('"action":"snapshot"')
      // the job's own snapshot shows the calendar: no second look is needed
      const calendar = (await live.act(next, () => live.page<boolean>("picker.isOpen"), "follow the next action")).text
      await live.act(
        { args: ["click", refOf(calendar, "generic", "March 20, 2025")] },
        () => chosen() === "2025-03-20",
        "pick the day"
      )
      expect(text("#departure-result")).toBe("Departure: 2025-03-20")
      const job = {
        job: {
          steps: [
            { action: "open", url: `${live.apps.origin}/flatpickr.html` },
            { action: "click", locator: "label", value: "Departure" },
            { action: "click", locator: "label", value: "March 22, 2025" },
            { action: "assertText", text: "Departure: 2025-03-22" }
          ]
        }
      }
      await live.act(job, () => chosen() === "2025-03-22", "the job by labels")
    }
  )

  it(
    "SortableJS: a drag by the refs of the cursor-interactive snapshot reorders; the job by selectors too",
    SLOW,
    async () => {
      await open("/sortable.html")
      const order = () =>
        live.page<string>(`[...document.querySelectorAll("#tasks li")].map((li) => li.textContent).join(",")`)
      // the bundled library's list items are draggable in a plain snapshot -i too (no -C needed)
      expect(await live.read({ args: ["snapshot", "-i"] })).toMatch(/- listitem "Design" \[ref=e\d+\] draggable/)
      const snapshot = await live.read({ args: ["snapshot", "-i", "-C"] })
      await live.act(
        { args: ["drag", refOf(snapshot, "listitem", "Design"), refOf(snapshot, "listitem", "Test")] },
        () => order() === "Build,Test,Design,Ship",
        "drag Design onto Test"
      )
      expect(text("#tasks-result")).toBe("Order: Build, Test, Design, Ship")
      const job = {
        job: {
          steps: [
            { action: "open", url: `${live.apps.origin}/sortable.html` },
            { action: "drag", selector: "#tasks li:nth-child(4)", target: "#tasks li:nth-child(1)" },
            { action: "assertText", text: "Order: Ship, Design, Build, Test" }
          ]
        }
      }
      await live.act(job, () => order() === "Ship,Design,Build,Test", "the job by selectors")
    }
  )
})
