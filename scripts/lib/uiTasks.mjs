// The ui-apps tasks (fixtures/ui-apps) for scripts/bench-ui-tasks.mjs, each done four ways: `best` the tool's best
// modes addressing controls by labels known in advance (no snapshot: it flatters the byte ratio, so it is reported
// apart), `discover` the tool's best modes as a model that does not know the page (it looks first: one job that opens
// and snapshots; then an action alone whose text names the refs of the controls it made appear (New controls), a
// snapshot only when it names none of those wanted; a calendar, dozens of cells, is clicked open with a snapshot in the
// same batch; batches act by ref, and read the result after only when their rows do not say it: a careful model checks
// the effect an action's row says before it stops, and follows a next action the row gives), and `raw` one command per
// call (through the tool's args, and the raw agent-browser CLI, which says no effect: it reads the result after). Checks
// read the page state independently.
import { expandRuns } from "./snapshotRuns.mjs"

const TODOS = "/todo.html?items=Buy milk,Walk dog,Pay rent"
const W = "/widgets.html"
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** The ref of `role "name"` in a snapshot (tool or CLI text), or throws (the task then fails honestly). */
export const ref = (snapshot, role, name) => {
  const m = new RegExp(`\\b${role} "${escape(name)}"[^\\n]*?ref=(e\\d+)`).exec(expandRuns(snapshot))
  if (m === null) throw new Error(`no ref for ${role} "${name}"`)
  return `@${m[1]}`
}
/** Discovery: one call that opens the page and takes its interactive snapshot. */
const look = (tool, url) => tool({ job: { steps: [{ action: "open", url }, { action: "snapshot" }] } })
/** Discovery: commands in one call (the tool's batch). */
const batch = (tool, ...rows) => tool({ args: ["batch"], stdin: JSON.stringify(rows) })
/** Whether a text names each `[role, name]` with a ref (a snapshot's line, or an action's New controls). */
const names =
  (...controls) =>
  (text) =>
    controls.every(([role, name]) => new RegExp(`\\b${role} "${escape(name)}"[^\\n]*?ref=`).test(expandRuns(text)))
/**
 * Discovery: one action alone; its text when it names the `wanted` controls with refs (New controls: what a careful
 * model acts on), else a snapshot -i after it (one more call: the page is looked at).
 */
const actThenLook = async (tool, row, wanted) => {
  const said = await tool({ args: row })
  return wanted(said) ? said : tool({ args: ["snapshot", "-i"] })
}

/** Whether a text says each of `texts` (quoted, as an action's row says the text it made appear or hid). */
const says =
  (...texts) =>
  (text) =>
    texts.every((t) => text.includes(`"${t}"`))
/**
 * Discovery: acts in one batch, then reads the result (`read`, one call) only when the rows do not say `expected`, the
 * effect the model checks before it stops. Returns the batch's text.
 */
const actThenCheck = async (tool, rows, expected, read) => {
  const said = await batch(tool, ...rows)
  if (!expected(said)) await tool({ args: read })
  return said
}

/** Snapshots until `role "name"` has a ref (a late widget): a careful agent waits 500 ms between tries (3 at most). */
const snapshotUntil = async (run, role, name) => {
  let s = ""
  for (let n = 0; n < 3; n++) {
    if (n > 0) await run(["wait", "500"])
    s = await run(["snapshot", "-i"])
    if (new RegExp(`\\b${role} "${escape(name)}"[^\\n]*?ref=`).test(expandRuns(s))) return s
  }
  return s
}
/** The n-th (1-based) unnamed `role [...]` line's ref: TodoMVC's toggles and its edit box have no name. */
const nthUnnamed = (snapshot, role, n) => {
  const refs = [...snapshot.matchAll(new RegExp(`\\b${role} \\[[^\\n]*?ref=(e\\d+)`, "g"))].map((m) => m[1])
  if (refs[n - 1] === undefined) throw new Error(`no unnamed ${role} #${n}`)
  return `@${refs[n - 1]}`
}
/** A todo row that says it hid "Walk dog" and kept the other two. */
const walkDogGone = (t) => /Hidden: "Walk dog"[^\n]*still shown in their list: "Buy milk"; "Pay rent"/.test(t)
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b)

export const uiTasks = (u) => [
  {
    name: "todo: add three",
    check: (s) => same(s?.todos, ["Buy milk", "Walk dog", "Pay rent"]),
    best: (call) =>
      call({
        job: {
          steps: [
            { action: "open", url: u("/todo.html") },
            { action: "type", selector: ".new-todo", text: "Buy milk", press: "Enter" },
            { action: "type", selector: ".new-todo", text: "Walk dog", press: "Enter" },
            { action: "type", selector: ".new-todo", text: "Pay rent", press: "Enter" },
            { action: "assertText", text: "3 items left" }
          ]
        }
      }),
    discover: async (tool) => {
      const input = ref(await look(tool, u("/todo.html")), "textbox", "What needs to be done?")
      const rows = ["Buy milk", "Walk dog", "Pay rent"].flatMap((t) => [
        ["fill", input, t],
        ["press", "Enter"]
      ])
      await actThenCheck(tool, rows, (t) => /"[^"\n]*Buy milk"/.test(t) && says("Walk dog", "Pay rent")(t), [
        "get",
        "text",
        ".todo-list"
      ])
    },
    raw: async (run) => {
      await run(["open", u("/todo.html")])
      const input = ref(await run(["snapshot", "-i"]), "textbox", "What needs to be done?")
      for (const title of ["Buy milk", "Walk dog", "Pay rent"]) {
        await run(["fill", input, title])
        await run(["press", "Enter"])
      }
      await run(["get", "text", ".todo-list"])
    }
  },
  {
    name: "todo: complete + clear",
    check: (s) => same(s?.todos, ["Buy milk", "Pay rent"]),
    best: (call) =>
      call({
        job: {
          steps: [
            { action: "open", url: u(TODOS) },
            { action: "check", selector: ".todo-list li:nth-child(2) .toggle" },
            { action: "click", locator: "role", value: "button", name: "Clear completed" },
            { action: "assertText", text: "2 items left" }
          ]
        }
      }),
    discover: async (tool) => {
      const toggle = nthUnnamed(await look(tool, u(TODOS)), "checkbox", 2)
      const wanted = names(["button", "Clear completed"])
      const clear = ref(await actThenLook(tool, ["check", toggle], wanted), "button", "Clear completed")
      await actThenCheck(tool, [["click", clear]], walkDogGone, ["get", "text", ".todo-list"])
    },
    raw: async (run) => {
      await run(["open", u(TODOS)])
      await run(["check", nthUnnamed(await run(["snapshot", "-i"]), "checkbox", 2)])
      await run(["click", ref(await run(["snapshot", "-i"]), "button", "Clear completed")])
      await run(["get", "text", ".todo-list"])
    }
  },
  {
    name: "todo: filter Active",
    check: (s) => s?.hash === "#/active" && same(s?.todos, ["Buy milk", "Pay rent"]),
    best: (call) =>
      call({
        job: {
          steps: [
            { action: "open", url: u("/todo.html?items=Buy milk,Walk dog*,Pay rent") },
            { action: "click", locator: "role", value: "link", name: "Active" },
            { action: "assertUrl", url: "**#/active" }
          ]
        }
      }),
    discover: async (tool) => {
      const active = ref(await look(tool, u("/todo.html?items=Buy milk,Walk dog*,Pay rent")), "link", "Active")
      await actThenCheck(tool, [["click", active]], walkDogGone, ["get", "text", ".todo-list"])
    },
    raw: async (run) => {
      await run(["open", u("/todo.html?items=Buy milk,Walk dog*,Pay rent")])
      await run(["click", ref(await run(["snapshot", "-i"]), "link", "Active")])
      await run(["get", "text", ".todo-list"])
    }
  },
  {
    name: "todo: edit (dblclick)",
    check: (s) => same(s?.todos, ["Buy milk", "Walk dog", "Pay rent today"]),
    best: (call) =>
      call({
        job: {
          steps: [
            { action: "open", url: u(TODOS) },
            { action: "dblclick", selector: ".todo-list li:nth-child(3) label" },
            { action: "fill", selector: ".todo-list li.editing .edit", text: "Pay rent today" },
            { action: "press", text: "Enter" },
            { action: "assertText", text: "Pay rent today" }
          ]
        }
      }),
    discover: async (tool) => {
      await look(tool, u(TODOS))
      const opened = (t) => /\btextbox \[[^\n]*?ref=/.test(t)
      const edit = nthUnnamed(
        await actThenLook(tool, ["dblclick", ".todo-list li:nth-child(3) label"], opened),
        "textbox",
        1
      )
      const rows = [
        ["fill", edit, "Pay rent today"],
        ["press", "Enter"]
      ]
      await actThenCheck(tool, rows, says("Pay rent today"), ["get", "text", ".todo-list"])
    },
    raw: async (run) => {
      await run(["open", u(TODOS)])
      await run(["snapshot", "-i"])
      await run(["dblclick", ".todo-list li:nth-child(3) label"])
      await run(["fill", nthUnnamed(await run(["snapshot", "-i"]), "textbox", 1), "Pay rent today"])
      await run(["press", "Enter"])
      await run(["get", "text", ".todo-list"])
    }
  },
  {
    name: "todo: delete (hover)",
    check: (s) => same(s?.todos, ["Buy milk", "Pay rent"]),
    best: (call) =>
      call({
        job: {
          steps: [
            { action: "open", url: u(TODOS) },
            { action: "hover", selector: ".todo-list li:nth-child(2)" },
            { action: "click", selector: ".todo-list li:nth-child(2) .destroy" },
            { action: "assertText", text: "2 items left" }
          ]
        }
      }),
    discover: async (tool) => {
      await look(tool, u(TODOS))
      const hover = ["hover", ".todo-list li:nth-child(2)"]
      const destroy = ref(await actThenLook(tool, hover, names(["button", "×"])), "button", "×")
      await actThenCheck(tool, [["click", destroy]], walkDogGone, ["get", "text", ".todo-list"])
    },
    raw: async (run) => {
      await run(["open", u(TODOS)])
      await run(["snapshot", "-i"])
      await run(["hover", ".todo-list li:nth-child(2)"])
      await run(["click", ref(await run(["snapshot", "-i"]), "button", "×")])
      await run(["get", "text", ".todo-list"])
    }
  },
  {
    name: "react-select: Fast",
    check: (s) => s?.results?.["speed-result"] === "Selected: Fast",
    best: (call) =>
      call({
        job: {
          steps: [
            { action: "open", url: u(W) },
            { action: "click", locator: "role", value: "combobox", name: "Speed" },
            { action: "click", locator: "role", value: "option", name: "Fast" },
            { action: "assertText", text: "Selected: Fast" }
          ]
        }
      }),
    discover: async (tool) => {
      const speed = ref(await look(tool, u(W)), "combobox", "Speed")
      const fast = ref(await actThenLook(tool, ["click", speed], names(["option", "Fast"])), "option", "Fast")
      await actThenCheck(tool, [["click", fast]], says("Selected: Fast"), ["get", "text", "#speed-result"])
    },
    raw: async (run) => {
      await run(["open", u(W)])
      await run(["click", ref(await run(["snapshot", "-i"]), "combobox", "Speed")])
      await run(["click", ref(await run(["snapshot", "-i"]), "option", "Fast")])
      await run(["get", "text", "#speed-result"])
    }
  },
  {
    name: "datepicker: pick Mar 14",
    check: (s) => s?.results?.["date-result"] === "Date: 2025-03-14",
    best: (call) =>
      call({
        job: {
          steps: [
            { action: "open", url: u(W) },
            { action: "click", locator: "label", value: "Delivery date" },
            { action: "click", locator: "role", value: "gridcell", name: "Choose Friday, March 14th, 2025" },
            { action: "assertText", text: "Date: 2025-03-14" }
          ]
        }
      }),
    discover: async (tool) => {
      const date = ref(await look(tool, u(W)), "textbox", "Delivery date")
      // a calendar opens: dozens of cells, more than an action's text names (8), so the snapshot is in the click's batch
      const day = ref(
        await batch(tool, ["click", date], ["snapshot", "-i"]),
        "gridcell",
        "Choose Friday, March 14th, 2025"
      )
      await actThenCheck(tool, [["click", day]], says("Date: 2025-03-14"), ["get", "text", "#date-result"])
    },
    raw: async (run) => {
      await run(["open", u(W)])
      await run(["click", ref(await run(["snapshot", "-i"]), "textbox", "Delivery date")])
      await run(["click", ref(await run(["snapshot", "-i"]), "gridcell", "Choose Friday, March 14th, 2025")])
      await run(["get", "text", "#date-result"])
    }
  },
  {
    name: "menu button: sort",
    check: (s) => s?.results?.["sort-result"] === "Sorted by: Price: low to high",
    best: (call) =>
      call({
        job: {
          steps: [
            { action: "open", url: u(W) },
            { action: "click", locator: "role", value: "button", name: "Sort by" },
            { action: "click", locator: "role", value: "menuitem", name: "Price: low to high" },
            { action: "assertText", text: "Sorted by: Price: low to high" }
          ]
        }
      }),
    discover: async (tool) => {
      const sort = ref(await look(tool, u(W)), "button", "Sort by")
      const menu = await actThenLook(tool, ["click", sort], names(["menuitem", "Price: low to high"]))
      const item = ref(menu, "menuitem", "Price: low to high")
      const sorted = says("Sorted by: Price: low to high")
      await actThenCheck(tool, [["click", item]], sorted, ["get", "text", "#sort-result"])
    },
    raw: async (run) => {
      await run(["open", u(W)])
      await run(["click", ref(await run(["snapshot", "-i"]), "button", "Sort by")])
      await run(["click", ref(await run(["snapshot", "-i"]), "menuitem", "Price: low to high")])
      await run(["get", "text", "#sort-result"])
    }
  },
  {
    name: "modal form",
    check: (s) => s?.results?.["contact-result"] === "Saved: Ada Lovelace <ada@example.com>" && s?.dialog === false,
    best: (call) =>
      call({
        job: {
          steps: [
            { action: "open", url: u(W) },
            { action: "click", locator: "role", value: "button", name: "Add contact" },
            { action: "fill", locator: "label", value: "Name", text: "Ada Lovelace" },
            { action: "fill", locator: "label", value: "Email", text: "ada@example.com" },
            { action: "click", locator: "role", value: "button", name: "Save contact" },
            { action: "assertText", text: "Saved: Ada Lovelace <ada@example.com>" }
          ]
        }
      }),
    discover: async (tool) => {
      const add = ref(await look(tool, u(W)), "button", "Add contact")
      const form = names(["textbox", "Name"], ["textbox", "Email"], ["button", "Save contact"])
      const s = await actThenLook(tool, ["click", add], form)
      const rows = [
        ["fill", ref(s, "textbox", "Name"), "Ada Lovelace"],
        ["fill", ref(s, "textbox", "Email"), "ada@example.com"],
        ["click", ref(s, "button", "Save contact")]
      ]
      const saved = says("Saved: Ada Lovelace <ada@example.com>")
      await actThenCheck(tool, rows, saved, ["get", "text", "#contact-result"])
    },
    raw: async (run) => {
      await run(["open", u(W)])
      await run(["click", ref(await run(["snapshot", "-i"]), "button", "Add contact")])
      const s = await run(["snapshot", "-i"])
      await run(["fill", ref(s, "textbox", "Name"), "Ada Lovelace"])
      await run(["fill", ref(s, "textbox", "Email"), "ada@example.com"])
      await run(["click", ref(s, "button", "Save contact")])
      await run(["get", "text", "#contact-result"])
    }
  },
  {
    name: "tabs: Reviews",
    check: (s) => s?.results?.["panel-reviews"] === "4.6 stars from 128 reviews.",
    best: (call) =>
      call({
        job: {
          steps: [
            { action: "open", url: u(W) },
            { action: "click", locator: "role", value: "tab", name: "Reviews" },
            { action: "assertText", text: "4.6 stars from 128 reviews." }
          ]
        }
      }),
    discover: async (tool) => {
      const reviews = ref(await look(tool, u(W)), "tab", "Reviews")
      const shown = says("4.6 stars from 128 reviews.")
      await actThenCheck(tool, [["click", reviews]], shown, ["get", "text", "[role=tabpanel]"])
    },
    raw: async (run) => {
      await run(["open", u(W)])
      await run(["click", ref(await run(["snapshot", "-i"]), "tab", "Reviews")])
      await run(["get", "text", "[role=tabpanel]"])
    }
  },
  {
    name: "sortablejs: drag to top",
    check: (s) => s?.results?.["order-result"] === "Order: Charlie, Alpha, Bravo",
    best: (call) =>
      call({
        job: {
          steps: [
            { action: "open", url: u(W) },
            { action: "drag", selector: "#sortable li:nth-child(3)", target: "#sortable li:nth-child(1)" },
            { action: "assertText", text: "Order: Charlie, Alpha, Bravo" }
          ]
        }
      }),
    discover: async (tool) => {
      await look(tool, u(W))
      const ordered = says("Order: Charlie, Alpha, Bravo")
      const drag = ["drag", "#sortable li:nth-child(3)", "#sortable li:nth-child(1)"]
      const said = await actThenCheck(tool, [drag], (t) => ordered(t) || /landed after/.test(t), [
        "get",
        "text",
        "#order-result"
      ])
      // the row's next action when upstream's drag left the item short: drag it onto the first item again, eased
      if (/landed after "Alpha"[^\n]*again with --human/.test(said))
        await actThenCheck(
          tool,
          [["drag", "#sortable li:nth-child(2)", "#sortable li:nth-child(1)", "--human"]],
          ordered,
          ["get", "text", "#order-result"]
        )
    },
    raw: async (run) => {
      await run(["open", u(W)])
      await run(["snapshot", "-i"])
      await run(["drag", "#sortable li:nth-child(3)", "#sortable li:nth-child(1)"])
      await run(["get", "text", "#order-result"])
    }
  },
  {
    name: "late widget: tags",
    check: (s) => s?.results?.["tags-result"] === "Tags saved: urgent",
    best: (call) =>
      call({
        job: {
          steps: [
            { action: "open", url: u(W) },
            { action: "fill", locator: "label", value: "Tags", text: "urgent" },
            { action: "click", locator: "role", value: "button", name: "Save tags" },
            { action: "assertText", text: "Tags saved: urgent" }
          ]
        }
      }),
    discover: async (tool) => {
      let s = await look(tool, u(W))
      for (let n = 0; n < 2 && !/\btextbox "Tags"[^\n]*?ref=/.test(s); n++)
        s = await batch(tool, ["wait", "500"], ["snapshot", "-i"])
      const rows = [
        ["fill", ref(s, "textbox", "Tags"), "urgent"],
        ["click", ref(s, "button", "Save tags")]
      ]
      await actThenCheck(tool, rows, says("Tags saved: urgent"), ["get", "text", "#tags-result"])
    },
    raw: async (run) => {
      await run(["open", u(W)])
      const s = await snapshotUntil(run, "textbox", "Tags")
      await run(["fill", ref(s, "textbox", "Tags"), "urgent"])
      await run(["click", ref(s, "button", "Save tags")])
      await run(["get", "text", "#tags-result"])
    }
  }
]
