// The small-pages tasks (fixtures/small-pages: one control kind per page) for scripts/bench-small-pages.mjs.
// `naive` is how a model first drives a page: snapshot -i, act by @ref, one command per call, deciding from the
// result text; where the tool says an action did not take (a warning or a failure), it follows the tool's first
// next action and the advice in its text, as far as the truthful path goes; it acts on the refs an action's text
// names, and answers from a text that shows the answer, before it takes a snapshot or a read. The same script runs on the raw CLI,
// which gives no warnings, so there it goes on (or stops) where its "✓ Done" says it succeeded. `best` is the tool's
// best mode for the task (a job, controls by labels known in advance; reads add one `get text`). `check` judges the
// page's own state (`window.benchState`, read outside the strategy) and, for reads, the answer the strategy found.
import { ref } from "./uiTasks.mjs"

const DATE = "2026-03-14"
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December"
]
/** The answer a read found in its last text (the n-th `cell "..."` of a snapshot). */
const nthCell = (text, n) => [...text.matchAll(/\bcell "([^"]*)"/g)][n - 1]?.[1]
/** A job that opens `path` first. */
const job = (path, ...steps) => ({ job: { steps: [{ action: "open", url: path }, ...steps] } })
const click = (value, name) => ({ action: "click", locator: "role", value, name })
const label = (action, value, text) => ({ action, locator: "label", value, ...(text !== undefined ? { text } : {}) })
const sees = (text) => ({ action: "assertText", text })

/**
 * What names the controls next acted on, as a model reads it: the last action's text when it named them all with
 * refs (the tool's "New controls" line), else a fresh snapshot -i (the raw CLI's "✓ Done" names none).
 */
const namedIn = async (s, said, ...controls) => {
  const has = ([role, name]) => {
    try {
      return ref(said, role, name) !== undefined
    } catch {
      return false
    }
  }
  return controls.every(has) ? said : s.read(["snapshot", "-i"])
}
/** A snapshot's text, or the one before it when the tool says nothing changed (its refs still work). */
const latest = (text, before) => (/^No change since the last snapshot/.test(text) ? before : text)
/** The truthful path after a fill the tool flagged: its next action (snapshot -i), then focus and keyboard type. */
const afterFlaggedFill = async (s, fill, before, field, keys) => {
  const snap = latest(await s.read(fill.next ?? ["snapshot", "-i"]), before)
  await s.read(["focus", ref(snap, ...field)])
  const typed = await s.act(["keyboard", "type", keys])
  return latest(await s.read(typed.next ?? ["snapshot", "-i"]), snap)
}

export const smallTasks = (u) => [
  {
    name: "buttons: Save draft",
    check: (st) => JSON.stringify(st?.clicked) === '["Save draft"]',
    naive: async (s) => {
      await s.read(["open", u("/buttons.html")])
      await s.act(["click", ref(await s.read(["snapshot", "-i"]), "button", "Save draft")])
    },
    best: (call) => call(job(u("/buttons.html"), click("button", "Save draft"), sees("Save draft done.")))
  },
  {
    name: "checkboxes: 2nd + submit",
    check: (st) => JSON.stringify(st?.submitted) === '["sms"]',
    naive: async (s) => {
      await s.read(["open", u("/checkboxes.html")])
      const snap = await s.read(["snapshot", "-i"])
      await s.act(["check", ref(snap, "checkbox", "SMS")])
      await s.act(["click", ref(snap, "button", "Submit")])
    },
    best: (call) =>
      call(job(u("/checkboxes.html"), label("check", "SMS"), click("button", "Submit"), sees("Saved: sms")))
  },
  {
    name: "tabs: read Specs",
    check: (st, answer) => st?.tab === "Specs" && answer === "1.2 kg per pair.",
    naive: async (s) => {
      await s.read(["open", u("/tabs.html")])
      const clicked = await s.act(["click", ref(await s.read(["snapshot", "-i"]), "tab", "Specs")])
      // the answer where the click's text already shows it (the tool's "New text"), else read
      const shown = /Weight: ([^"\n]+)/.exec(clicked.text)?.[1]
      return shown ?? /Weight: (.+)/.exec(await s.read(["get", "text", "main"]))?.[1]
    },
    best: async (call) => {
      await call(job(u("/tabs.html"), click("tab", "Specs")))
      return /Weight: (.+)/.exec((await call({ args: ["get", "text", "main"] })).text)?.[1]
    }
  },
  {
    name: "native date input",
    check: (st) => st?.saved === DATE,
    naive: async (s) => {
      await s.read(["open", u("/date-native.html")])
      const snap = await s.read(["snapshot", "-i"])
      const fill = await s.act(["fill", ref(snap, "spinbutton", "Month Month"), DATE])
      // the tool's first next action after a date fill that did not take: one job that types the date's keys
      if ((fill.warned || fill.failed) && fill.nextInput?.job !== undefined) await s.follow(fill.nextInput)
      else if (fill.warned || fill.failed) {
        // the tool's advice (focus, keyboard type) does not take on a date field's segments: one key per press does
        const after = await afterFlaggedFill(s, fill, snap, ["spinbutton", "Month Month"], "03142026")
        if (/spinbutton "Month Month" \[[^\]]*\]: 0/.test(after)) {
          for (const key of "03142026") await s.act(["press", key])
          await s.read(["snapshot", "-i"])
        }
      }
      await s.act(["click", ref(snap, "button", "Save")])
    },
    best: (call) =>
      call(
        job(
          u("/date-native.html"),
          click("spinbutton", "Month Month"),
          ...[..."03142026"].map((text) => ({ action: "press", text })),
          click("button", "Save"),
          sees(`Saved start: ${DATE}`)
        )
      )
  },
  {
    name: "JS date picker",
    check: (st) => st?.arrival === DATE,
    naive: async (s) => {
      await s.read(["open", u("/date-picker.html")])
      const field = ref(await s.read(["snapshot", "-i"]), "textbox", "Arrival date")
      const fill = await s.act(["fill", field, DATE])
      if (!fill.warned && !fill.failed) return
      if (fill.nextInput?.job !== undefined) {
        // the tool's first next action: one job opens the picker and shows it; the month it shows is in its day
        // buttons' names, so one more job pages there and picks the day
        const opened = await s.follow(fill.nextInput)
        const [, month, year] = /button "(\w+) \d+, (\d{4})"/.exec(opened.text) ?? []
        if (month === undefined) throw new Error(`the picker's month is not in the text: ${opened.text.slice(0, 200)}`)
        const away = (Number(year) - 2026) * 12 + MONTHS.indexOf(month) - 2
        const page = click("button", away > 0 ? "Previous month" : "Next month")
        const steps = [...Array(Math.abs(away))].map(() => page)
        await s.follow({ job: { steps: [...steps, click("button", "March 14, 2026")] } })
        return
      }
      // an older tool: "read-only (a date picker sets it). Click it, then choose in what opens (snapshot -i)"
      await s.act(fill.next ?? ["click", field])
      let snap = await s.read(["snapshot", "-i"])
      // the picker opens on June 2026; its month shows only in the day buttons' names, so each page is looked at
      for (let n = 0; n < 6 && !snap.includes('"March 14, 2026"'); n++) {
        await s.act(["click", ref(snap, "button", "Previous month")])
        snap = await s.read(["snapshot", "-i"])
      }
      await s.act(["click", ref(snap, "button", "March 14, 2026")])
    },
    best: (call) =>
      call(
        job(
          u("/date-picker.html"),
          label("click", "Arrival date"),
          ...[1, 2, 3].map(() => click("button", "Previous month")),
          click("button", "March 14, 2026"),
          sees(`Arrival: ${DATE}`)
        )
      )
  },
  {
    name: "autocomplete: Lisbon",
    check: (st) => st?.city === "Lisbon",
    naive: async (s) => {
      await s.read(["open", u("/autocomplete.html")])
      const typed = await s.act(["fill", ref(await s.read(["snapshot", "-i"]), "combobox", "City"), "Lis"])
      await s.act(["click", ref(await namedIn(s, typed.text, ["option", "Lisbon"]), "option", "Lisbon")])
    },
    best: (call) =>
      call(
        job(u("/autocomplete.html"), label("fill", "City", "Lis"), click("option", "Lisbon"), sees("Ship to: Lisbon"))
      )
  },
  {
    name: "login: ada / pw",
    check: (st) => st?.user === "ada",
    naive: async (s) => {
      await s.read(["open", u("/login.html")])
      const snap = await s.read(["snapshot", "-i"])
      await s.act(["fill", ref(snap, "textbox", "Username"), "ada"])
      await s.act(["fill", ref(snap, "textbox", "Password"), "pw"])
      await s.act(["click", ref(snap, "button", "Sign in")])
    },
    best: (call) =>
      call(
        job(
          u("/login.html"),
          label("fill", "Username", "ada"),
          label("fill", "Password", "pw"),
          click("button", "Sign in"),
          sees("Welcome, ada.")
        )
      )
  },
  {
    name: "table: price in row 3",
    check: (st, answer) => st?.row3 !== undefined && answer === st.row3,
    naive: async (s) => {
      await s.read(["open", u("/table.html")])
      return nthCell(await s.read(["snapshot", "-i"]), 9)
    },
    best: async (call) => nthCell((await call(job(u("/table.html"), { action: "snapshot" }))).text, 9)
  },
  {
    name: "select: Large + add",
    check: (st) => st?.added === "l",
    naive: async (s) => {
      await s.read(["open", u("/select.html")])
      const snap = await s.read(["snapshot", "-i"])
      await s.act(["select", ref(snap, "combobox", "Size"), "Large"])
      await s.act(["click", ref(snap, "button", "Add to cart")])
    },
    best: (call) =>
      call(
        job(
          u("/select.html"),
          { action: "select", selector: "#size", value: "Large" },
          click("button", "Add to cart"),
          sees("Added size: l")
        )
      )
  },
  {
    name: "modal: subscribe",
    check: (st) => st?.subscribed === "ada@example.com" && st?.open === false,
    naive: async (s) => {
      await s.read(["open", u("/modal.html")])
      const opened = await s.act(["click", ref(await s.read(["snapshot", "-i"]), "button", "Subscribe")])
      const snap = await namedIn(s, opened.text, ["textbox", "Email"], ["button", "Confirm"])
      await s.act(["fill", ref(snap, "textbox", "Email"), "ada@example.com"])
      await s.act(["click", ref(snap, "button", "Confirm")])
    },
    best: (call) =>
      call(
        job(
          u("/modal.html"),
          click("button", "Subscribe"),
          label("fill", "Email", "ada@example.com"),
          click("button", "Confirm"),
          sees("Subscribed: ada@example.com")
        )
      )
  },
  {
    name: "slider: volume 80",
    check: (st) => st?.applied === 80,
    naive: async (s) => {
      await s.read(["open", u("/slider.html")])
      const snap = await s.read(["snapshot", "-i"])
      const fill = await s.act(["fill", ref(snap, "slider", "Volume"), "80"])
      if (fill.warned || fill.failed) {
        const after = await afterFlaggedFill(s, fill, snap, ["slider", "Volume"], "80")
        if (!/slider "Volume" \[[^\]]*\]: 80/.test(after)) {
          for (let n = 0; n < 3; n++) await s.act(["press", "ArrowRight"])
          await s.read(["snapshot", "-i"])
        }
      }
      await s.act(["click", ref(snap, "button", "Apply")])
    },
    best: (call) =>
      call(
        job(
          u("/slider.html"),
          click("slider", "Volume"),
          ...[1, 2, 3].map(() => ({ action: "press", text: "ArrowRight" })),
          click("button", "Apply"),
          sees("Volume set to 80")
        )
      )
  },
  {
    name: "multi-step form",
    check: (st) => st?.account?.name === "Ada Lovelace" && st?.account?.plan === "pro",
    naive: async (s) => {
      await s.read(["open", u("/multistep.html")])
      const one = await s.read(["snapshot", "-i"])
      await s.act(["fill", ref(one, "textbox", "Full name"), "Ada Lovelace"])
      const next = await s.act(["click", ref(one, "button", "Next")])
      const two = await namedIn(s, next.text, ["radio", "Pro"], ["button", "Next"])
      await s.act(["check", ref(two, "radio", "Pro")])
      const last = await s.act(["click", ref(two, "button", "Next")])
      await s.act(["click", ref(await namedIn(s, last.text, ["button", "Create account"]), "button", "Create account")])
    },
    best: (call) =>
      call(
        job(
          u("/multistep.html"),
          label("fill", "Full name", "Ada Lovelace"),
          click("button", "Next"),
          label("check", "Pro"),
          click("button", "Next"),
          click("button", "Create account"),
          sees("Account created for Ada Lovelace.")
        )
      )
  }
]
