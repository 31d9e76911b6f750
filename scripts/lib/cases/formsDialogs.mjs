// Cases: forms and dialogs. Values are read back from the page by raw eval; dialog outcomes from the page's log.
import { writeFileSync } from "node:fs"
import { saw, says, show } from "./helpers.mjs"

const valueOf = (c, sel) => c.eval(`document.querySelector(${JSON.stringify(sel)}).value`)
const valueIs = (sel, want) => async (c) => {
  const v = await valueOf(c, sel)
  return saw(v === want, `${sel} = ${show(v)}`)
}
const fill = (sel, text) => () => [["fill", sel, text]]
/** The e-mail field got more than was filled into it, and the text does not say so. */
const spill = (t, c) => {
  // more than the address inside the field's own quotes (the detail goes on with the next field's value)
  const spilled = /email "john\.doe@example\.com[^"]+"/.test(c.effect.detail)
  const told = /#e\b[^\n]*(holds|kept|changed|not)/i.test(t)
  return spilled && !told ? `the e-mail field changed too (${c.effect.detail}); the text does not say so` : undefined
}
const countries =
  `<select id="s" aria-label="Country"><option value="us">United States</option>` +
  `<option value="de">Germany</option><option value="fr">France</option></select>`

export const forms = [
  {
    id: "forms.fill-text",
    page: `<label>Full name <input id="f"></label>`,
    act: fill("#f", "Ada Lovelace"),
    effect: valueIs("#f", "Ada Lovelace"),
    said: (t) => says(t, "Ada Lovelace")
  },
  {
    id: "forms.fill-email",
    page: `<label>Email <input id="f" type="email"></label>`,
    act: fill("#f", "john.doe@example.com"),
    effect: valueIs("#f", "john.doe@example.com"),
    said: (t) => says(t, "john.doe@example.com")
  },
  {
    id: "forms.fill-textarea",
    page: `<label>Notes <textarea id="f"></textarea></label>`,
    act: fill("#f", "line one\nline two"),
    effect: valueIs("#f", "line one\nline two"),
    said: (t) => says(t, "line one")
  },
  {
    id: "forms.fill-number",
    page: `<label>Quantity <input id="f" type="number"></label>`,
    act: fill("#f", "42"),
    effect: valueIs("#f", "42"),
    said: (t) => says(t, "42")
  },
  {
    id: "forms.fill-replaces-old",
    page: `<label>City <input id="f" value="Old town"></label>`,
    act: fill("#f", "New city"),
    effect: valueIs("#f", "New city"),
    said: (t) => says(t, "New city")
  },
  {
    id: "forms.fill-readonly",
    refusal: true,
    page: `<label>Account id <input id="f" readonly></label>`,
    act: fill("#f", "X-1"),
    effect: valueIs("#f", ""),
    said: (t) => says(t, /read-?only|not editable/i)
  },
  {
    id: "forms.fill-disabled",
    refusal: true,
    page: `<label>Coupon <input id="f" disabled></label>`,
    act: fill("#f", "SAVE10"),
    effect: valueIs("#f", ""),
    said: (t) => says(t, /disabled/i)
  },
  {
    id: "forms.fill-focus-disables",
    refusal: true,
    page: `<label>User <input id="f" onfocus="this.disabled=true;log('locked')"></label>`,
    act: fill("#f", "vina"),
    effect: valueIs("#f", ""),
    said: (t) => says(t, /empty|not filled|did not|disabled|stayed/i)
  },
  {
    id: "forms.fill-range",
    page: `<label>Age <input id="f" type="range" min="0" max="100" value="59"></label>`,
    act: fill("#f", "25"),
    effect: valueIs("#f", "25"),
    said: (t) => says(t, "25")
  },
  {
    id: "forms.fill-range-after-email",
    page:
      `<label>Email <input id="e" type="email"></label>` +
      `<label>Age <input id="f" type="range" min="0" max="100" value="59"></label>`,
    act: () => [
      ["fill", "#e", "john.doe@example.com"],
      ["fill", "#f", "25"]
    ],
    effect: async (c) => {
      const e = await valueOf(c, "#e")
      const f = await valueOf(c, "#f")
      return saw(e === "john.doe@example.com" && f === "25", `email ${show(e)}, age ${show(f)}`)
    },
    said: (t) => says(t, "25"),
    wrong: spill
  },
  {
    id: "forms.job-fill-with-slider",
    cli: false,
    page:
      `<label>Email <input id="e" type="email"></label>` +
      `<label>Age <input id="f" type="range" min="0" max="100" value="59"></label>`,
    act: () => [
      {
        job: {
          steps: [
            { action: "fill", selector: "#e", text: "john.doe@example.com" },
            { action: "fill", selector: "#f", text: "25" }
          ]
        }
      }
    ],
    effect: async (c) => {
      const e = await valueOf(c, "#e")
      const f = await valueOf(c, "#f")
      return saw(e === "john.doe@example.com" && f === "25", `email ${show(e)}, age ${show(f)}`)
    },
    said: (t) => says(t, "25"),
    wrong: spill
  },
  {
    id: "forms.fill-date",
    page: `<label>Start <input id="f" type="date"></label>`,
    act: fill("#f", "2024-05-17"),
    effect: valueIs("#f", "2024-05-17"),
    said: (t) => says(t, "2024-05-17")
  },
  {
    id: "forms.fill-password",
    page: `<label>Password <input id="f" type="password"></label>`,
    act: fill("#f", "pw-9!x"),
    effect: valueIs("#f", "pw-9!x"),
    said: (t) => says(t, /fill/i)
  },
  {
    id: "forms.select-by-value",
    page: countries,
    act: () => [["select", "#s", "de"]],
    effect: valueIs("#s", "de"),
    said: (t) => says(t, /Germany|"de"|\bde\b/)
  },
  {
    id: "forms.select-by-label",
    page: countries,
    act: () => [["select", "#s", "France"]],
    effect: valueIs("#s", "fr"),
    said: (t) => says(t, "France")
  },
  {
    id: "forms.select-multiple",
    page:
      `<select id="s" multiple aria-label="Toppings"><option>Cheese</option><option>Olive</option>` +
      `<option>Ham</option></select>`,
    act: () => [["select", "#s", "Cheese", "Ham"]],
    effect: async (c) => {
      const v = await c.eval("[...document.querySelector('#s').selectedOptions].map(o=>o.value).join()")
      return saw(v === "Cheese,Ham", `selected ${show(v)}`)
    },
    said: (t) => says(t, "Cheese", "Ham")
  },
  {
    id: "forms.select-missing-option",
    refusal: true,
    page: countries,
    act: () => [["select", "#s", "Atlantis"]],
    effect: valueIs("#s", "us"),
    said: (t) => says(t, /Atlantis|no option/i)
  },
  {
    id: "forms.check-checkbox",
    page: `<label><input type="checkbox" id="f" onchange="log('change')"> Subscribe</label>`,
    act: () => [["check", "#f"]],
    effect: async (c) => saw((await c.eval("f.checked")) === true && (await c.waitEvent("change")), "checked"),
    said: (t) => says(t, /check/i)
  },
  {
    id: "forms.uncheck-checkbox",
    page: `<label><input type="checkbox" id="f" checked> Keep me signed in</label>`,
    act: () => [["uncheck", "#f"]],
    effect: async (c) => saw((await c.eval("document.querySelector('#f').checked")) === false, "unchecked"),
    said: (t) => says(t, /uncheck/i)
  },
  {
    id: "forms.check-radio",
    page:
      `<label><input type="radio" name="p" id="a" checked> Card</label><label>` +
      `<input type="radio" name="p" id="f"> Invoice</label>`,
    act: () => [["check", "#f"]],
    effect: async (c) => saw((await c.eval("document.querySelector('#f').checked")) === true, "Invoice chosen"),
    said: (t) => says(t, /check|Invoice/i)
  },
  {
    id: "forms.check-a-textbox",
    refusal: true,
    page: `<label>Name <input id="f"></label>`,
    act: () => [["check", "#f"]],
    effect: valueIs("#f", ""),
    said: (t) => says(t, /not a checkbox|checkbox|radio|cannot/i)
  },
  {
    id: "forms.upload-file",
    page: `<input id="f" type="file" onchange="log('files',{names:[...this.files].map(f=>f.name+':'+f.size)})">`,
    setup: (c) => {
      writeFileSync(c.abs("notes.txt"), "twelve bytes")
      return [["open", c.url]]
    },
    act: (c) => [["upload", "#f", c.abs("notes.txt")]],
    effect: (c) => c.waitEvent("files", (e) => e.names?.[0] === "notes.txt:12"),
    said: (t) => says(t, "notes.txt")
  },
  {
    id: "forms.upload-relative-path",
    page: `<input id="f" type="file" onchange="log('files',{names:[...this.files].map(f=>f.name+':'+f.size)})">`,
    setup: (c) => {
      writeFileSync(c.abs("notes.txt"), "twelve bytes")
      return [["open", c.url]]
    },
    act: (c) => [["upload", "#f", c.rel("notes.txt")]],
    effect: (c) => c.waitEvent("files", (e) => e.names?.[0] === "notes.txt:12"),
    said: (t) => says(t, "notes.txt")
  },
  {
    id: "forms.fill-by-label",
    page: `<label for="f">Work email</label><input id="f">`,
    act: () => [["find", "label", "Work email", "fill", "a@b.co"]],
    effect: valueIs("#f", "a@b.co"),
    said: (t) => says(t, "a@b.co")
  },
  {
    id: "forms.fill-by-placeholder",
    page: `<input id="f" placeholder="Search docs">`,
    act: () => [["find", "placeholder", "Search docs", "fill", "routing"]],
    effect: valueIs("#f", "routing"),
    said: (t) => says(t, "routing")
  },
  {
    id: "forms.submit-shows-thanks",
    page:
      `<form onsubmit="out.textContent='Thanks, '+n.value;log('submit',{n:n.value});return false">` +
      `<label>Name <input id="n"></label><button id="b">Send</button></form><p id="out"></p>`,
    act: () => [
      ["fill", "#n", "Ada"],
      ["click", "#b"]
    ],
    effect: (c) => c.waitEvent("submit", (e) => e.n === "Ada"),
    said: (t) => says(t, "Thanks, Ada")
  }
]

const dialogPage = (script, label = "Run") => `<button id="b" onclick="${script}">${label}</button>`
const dismissAny = () => [["dialog", "dismiss"]]
const answer = (pred) => (c) => c.waitEvent("answer", pred)

export const dialogs = [
  {
    id: "dialogs.alert-message",
    page: dialogPage("alert('Saved 3 rows');log('after')"),
    act: () => [["click", "#b"]],
    effect: (c) => c.waitEvent("after"),
    said: (t) => says(t, "Saved 3 rows")
  },
  {
    id: "dialogs.two-alerts",
    page: dialogPage("alert('First notice');alert('Second notice');log('after')"),
    act: () => [["click", "#b"]],
    effect: (c) => c.waitEvent("after"),
    said: (t) => says(t, "First notice", "Second notice")
  },
  {
    id: "dialogs.alert-100ms-later",
    page: dialogPage("setTimeout(()=>{alert('Late notice');log('after')},100)"),
    act: () => [["click", "#b"]],
    effect: (c) => c.waitEvent("after"),
    said: (t) => says(t, "Late notice"),
    teardown: dismissAny
  },
  {
    id: "dialogs.confirm-accept",
    page: dialogPage("log('answer',{v:confirm('Delete 2 files?')})"),
    act: () => [
      ["click", "#b"],
      ["dialog", "accept"]
    ],
    effect: answer((e) => e.v === true),
    said: (t) => says(t, "Delete 2 files?", /accept/i)
  },
  {
    id: "dialogs.confirm-dismiss",
    page: dialogPage("log('answer',{v:confirm('Leave without saving?')})"),
    act: () => [
      ["click", "#b"],
      ["dialog", "dismiss"]
    ],
    effect: answer((e) => e.v === false),
    said: (t) => says(t, "Leave without saving?", /dismiss/i)
  },
  {
    id: "dialogs.prompt-answer",
    page: dialogPage("log('answer',{v:prompt('Your name?')})"),
    act: () => [
      ["click", "#b"],
      ["dialog", "accept", "Zed"]
    ],
    effect: answer((e) => e.v === "Zed"),
    said: (t) => says(t, "Your name?")
  },
  {
    id: "dialogs.prompt-dismiss",
    page: dialogPage("log('answer',{v:prompt('Pick a tag')})"),
    act: () => [
      ["click", "#b"],
      ["dialog", "dismiss"]
    ],
    effect: answer((e) => e.v === null),
    said: (t) => says(t, "Pick a tag")
  },
  {
    id: "dialogs.confirm-left-open",
    page: dialogPage("log('answer',{v:confirm('Publish now?')})"),
    act: () => [["click", "#b"]],
    teardown: dismissAny,
    effect: async (c) => {
      const s = await c.raw(["dialog", "status"])
      return saw(s?.data?.hasDialog === true, `confirm open: ${show(s?.data?.hasDialog)}`)
    },
    said: (t) => says(t, "Publish now?", /accept|dismiss/i),
    wrong: (t) => (/was handled|handled it/i.test(t) ? "says the dialog was handled while it is still open" : undefined)
  },
  {
    id: "dialogs.status-names-message",
    page: dialogPage("confirm('Archive 9 mails?')"),
    setup: (c) => [
      ["open", c.url],
      ["click", "#b"]
    ],
    act: () => [["dialog", "status"]],
    teardown: dismissAny,
    effect: async () => saw(true, "a confirm is open"),
    said: (t) => says(t, "Archive 9 mails?")
  },
  {
    id: "dialogs.accept-with-none-open",
    refusal: true,
    page: `<p>quiet page</p>`,
    act: () => [["dialog", "accept"]],
    effect: async () => saw(true, "no dialog"),
    said: (t) => says(t, /no dialog/i)
  },
  {
    id: "dialogs.alert-on-load",
    page: `<title>Welcome page</title><script>alert('Welcome back, Ada');log('after')</script>`,
    setup: () => [],
    act: (c) => [["open", c.url]],
    effect: (c) => c.waitEvent("after"),
    said: (t) => says(t, "Welcome back, Ada"),
    teardown: dismissAny
  },
  {
    // the blocked call may hold the session: this case gets its own browser, read from the page's log only
    id: "dialogs.blocking-next-command",
    refusal: true,
    timeoutMs: 8000,
    fresh: true,
    page: dialogPage("log('asked');log('answer',{v:confirm('Discard the draft?')})"),
    setup: (c) => [
      ["open", c.url],
      ["click", "#b"]
    ],
    act: () => [["get", "title"]],
    effect: async (c) => saw((await c.waitEvent("asked")) && !c.has("answer"), c.has("answer") ? "answered" : "open"),
    said: (t) => says(t, "Discard the draft?")
  },
  {
    id: "dialogs.beforeunload-leave",
    page:
      `<title>Editor</title><input id="f">` +
      `<script>addEventListener('beforeunload',e=>{e.preventDefault();e.returnValue=''})</script>`,
    files: { away: `<title>Away page</title><script>log('arrived')</script>` },
    setup: (c) => [
      ["open", c.url],
      ["fill", "#f", "unsaved"]
    ],
    act: (c) => [["open", c.u("away")]],
    effect: (c) => c.waitEvent("arrived"),
    said: (t) => says(t, "Away page"),
    teardown: dismissAny
  }
]
