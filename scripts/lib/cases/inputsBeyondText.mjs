// Cases: inputs beyond a text box. A disabled checkbox (alone and in a disabled fieldset), a box ticked through its
// label, a radio group, an ARIA switch, a range slider, a number past its max, a text past its maxlength, a textarea
// with newlines, the date/time/month/color pickers and file uploads (several files; a hidden input behind a styled
// button). Each effect is read outside the tool: the page's own log or a raw `agent-browser eval` of the control.
import { writeFileSync } from "node:fs"
import { refIn, saw, says, show } from "./helpers.mjs"

/** The control `#id` holds `want` (its value), read by a raw eval. */
const holds = (id, want) => async (c) => {
  const v = await c.eval(`document.getElementById(${JSON.stringify(id)}).value`)
  return saw(v === want, `#${id} holds ${show(v)}`)
}

/** The box `#id` has `checked === want`. */
const ticked = (id, want) => async (c) => {
  const v = await c.eval(`document.getElementById(${JSON.stringify(id)}).checked`)
  return saw(v === want, `#${id}.checked ${show(v)}`)
}

/** A text that says the box is (now) checked, and never that it is not. */
const saysChecked = (t) => says(t, /\bchecked\b/i) && !says(t, /\bunchecked\b|not checked/i)

const logChange = `onchange="log('change',{v:this.checked})"`

export const inputs = [
  {
    id: "inputs.check-disabled",
    refusal: true,
    page: `<label><input type="checkbox" id="c" disabled ${logChange}> Gift wrap (sold out)</label>`,
    act: () => [["check", "#c"]],
    effect: ticked("c", false),
    said: (t) => says(t, /disabled/i),
    wrong: (t) => (readsDone(t) ? "reads as done for a disabled box" : undefined)
  },
  {
    id: "inputs.check-in-disabled-fieldset",
    refusal: true,
    page:
      `<fieldset disabled><legend>Extras</legend><label><input type="checkbox" id="c" ${logChange}> ` +
      `Insurance</label></fieldset>`,
    act: () => [["check", "#c"]],
    effect: ticked("c", false),
    said: (t) => says(t, /disabled/i),
    wrong: (t) => (readsDone(t) ? "reads as done for a box in a disabled fieldset" : undefined)
  },
  {
    // the same by the ref a snapshot gave the box (the path a model takes first)
    id: "inputs.check-disabled-by-ref",
    refusal: true,
    page: `<label><input type="checkbox" id="c" disabled ${logChange}> Gift wrap (sold out)</label>`,
    setup: (c) => [
      ["open", c.url],
      ["snapshot", "-i"]
    ],
    act: (c) => [["check", refIn(c.last, "checkbox", "Gift wrap \\(sold out\\)")]],
    effect: ticked("c", false),
    said: (t) => says(t, /disabled/i),
    wrong: (t) => (readsDone(t) ? "reads as done for a disabled box" : undefined)
  },
  {
    id: "inputs.uncheck-disabled",
    refusal: true,
    page: `<label><input type="checkbox" id="c" checked disabled ${logChange}> Terms accepted</label>`,
    act: () => [["uncheck", "#c"]],
    effect: ticked("c", true),
    said: (t) => says(t, /disabled/i),
    wrong: (t) => (readsDone(t) ? "reads as done for a disabled box" : undefined)
  },
  {
    // the user clicks the words, not the tiny box: the label's click ticks its control
    id: "inputs.check-by-label-click",
    page: `<input type="checkbox" id="c" ${logChange}><label id="l" for="c">I agree to the terms</label>`,
    act: () => [["click", "#l"]],
    effect: async (c) => saw((await c.waitEvent("change")) && (await c.eval("c.checked")) === true, "checked"),
    said: saysChecked
  },
  {
    id: "inputs.radio-group",
    page:
      `<fieldset><legend>Delivery</legend><label><input type="radio" name="d" id="a" value="home" checked ` +
      `onchange="log('change',{id:this.id})"> Home</label><label><input type="radio" name="d" id="b" ` +
      `value="pickup" onchange="log('change',{id:this.id})"> Pickup point</label></fieldset>`,
    act: () => [["check", "#b"]],
    effect: async (c) => {
      const v = await c.eval("[a.checked,b.checked]")
      return saw(JSON.stringify(v) === "[false,true]", `home,pickup checked ${show(v)}`)
    },
    said: (t) => saysChecked(t) || says(t, /pickup/i)
  },
  {
    id: "inputs.aria-switch",
    page:
      `<div id="sw" role="switch" aria-checked="false" tabindex="0" aria-label="Dark mode" ` +
      `onclick="const on=this.getAttribute('aria-checked')!=='true';this.setAttribute('aria-checked',on);` +
      `log('toggle',{on})">Dark mode</div>`,
    act: () => [["check", "#sw"]],
    effect: async (c) => {
      const v = await c.eval("sw.getAttribute('aria-checked')")
      return saw(v === "true" && c.count("toggle") === 1, `aria-checked ${show(v)}, toggles ${c.count("toggle")}`)
    },
    said: (t) => saysChecked(t) || says(t, /\bon\b/i)
  },
  {
    id: "inputs.range-slider",
    page:
      `<label>Volume <input type="range" id="r" min="0" max="100" value="20" ` +
      `oninput="log('input',{v:this.value})" onchange="log('change',{v:this.value})"></label>`,
    act: () => [["fill", "#r", "70"]],
    effect: async (c) => {
      const v = await c.eval("r.value")
      const events = (await c.waitEvent("change")) && c.has("input")
      return saw(v === "70" && events, `value ${show(v)}, input ${c.has("input")}, change ${c.has("change")}`)
    },
    said: (t) => says(t, /\b70\b/)
  },
  {
    // the page keeps 1000 (fill does not clamp), and the field is now invalid: the text must not read as a plain
    // success that the model can submit
    id: "inputs.number-over-max",
    page: `<label>Quantity <input type="number" id="n" min="1" max="100" step="1" value="1"></label>`,
    act: () => [["fill", "#n", "1000"]],
    effect: async (c) => {
      c.held = await c.eval("[n.value, n.validity.rangeOverflow]")
      return saw(Array.isArray(c.held), `value, rangeOverflow ${show(c.held)}`)
    },
    // what the page holds (read by the effect), and when it is over the max, that it is
    said: (t, c) =>
      Array.isArray(c.held) && says(t, c.held[0]) && (c.held[1] !== true || says(t, /max|100\b|range|invalid/i))
  },
  {
    id: "inputs.maxlength",
    page: `<label>Postcode <input id="z" maxlength="5"></label>`,
    act: () => [["fill", "#z", "ABCDEFGHIJ"]],
    effect: holds("z", "ABCDE"),
    said: (t) => says(t, /\bABCDE\b/),
    wrong: (t) =>
      /ABCDEFGHIJ/.test(t) && !/\bABCDE\b/.test(t) ? "names the typed text, not what the field holds" : undefined
  },
  {
    id: "inputs.textarea-newlines",
    page: `<label>Address <textarea id="t" rows="4"></textarea></label>`,
    act: () => [["fill", "#t", "12 High Street\nFlat 3\nLeeds"]],
    effect: holds("t", "12 High Street\nFlat 3\nLeeds"),
    said: (t) => says(t, "Leeds")
  },
  {
    id: "inputs.date-time-datetime",
    page:
      `<input type="date" id="d" onchange="log('change',{id:this.id})">` +
      `<input type="time" id="tm" onchange="log('change',{id:this.id})">` +
      `<input type="datetime-local" id="dt" onchange="log('change',{id:this.id})">`,
    act: () => [
      ["fill", "#d", "2026-03-15"],
      ["fill", "#tm", "13:45"],
      ["fill", "#dt", "2026-03-15T13:45"]
    ],
    effect: async (c) => {
      const v = await c.eval("[d.value, tm.value, dt.value]")
      const ok = JSON.stringify(v) === JSON.stringify(["2026-03-15", "13:45", "2026-03-15T13:45"])
      // each field got its change: a date typed as its keys (as a user types it) fires one per part, so the count
      // is no measure (the first judge asked for exactly 3 and failed a run where every field held its value)
      const changed = ["d", "tm", "dt"].every((id) => c.has("change", (e) => e.id === id))
      return saw(ok && changed, `values ${show(v)}, changes ${c.count("change")}`)
    },
    said: (t) => says(t, "2026-03-15", "13:45", "2026-03-15T13:45")
  },
  {
    id: "inputs.month-and-color",
    page:
      `<input type="month" id="m" onchange="log('change',{id:this.id})">` +
      `<input type="color" id="col" value="#000000" oninput="log('input',{id:this.id})" ` +
      `onchange="log('change',{id:this.id})">`,
    act: () => [
      ["fill", "#m", "2026-07"],
      ["fill", "#col", "#ff8800"]
    ],
    effect: async (c) => {
      const v = await c.eval("[m.value, col.value]")
      const ok = JSON.stringify(v) === JSON.stringify(["2026-07", "#ff8800"])
      return saw(ok && c.count("change") === 2, `values ${show(v)}, changes ${c.count("change")}`)
    },
    said: (t) => says(t, "2026-07", "#ff8800")
  },
  {
    id: "inputs.upload-multiple",
    page: `<input id="f" type="file" multiple onchange="log('files',{names:[...this.files].map(f=>f.name+':'+f.size)})">`,
    setup: (c) => {
      writeFileSync(c.abs("a.txt"), "one")
      writeFileSync(c.abs("b.csv"), "x,y\n1,2\n")
      return [["open", c.url]]
    },
    act: (c) => [["upload", "#f", c.abs("a.txt"), c.abs("b.csv")]],
    effect: (c) => c.waitEvent("files", (e) => e.names?.join() === "a.txt:3,b.csv:8"),
    said: (t) => says(t, "a.txt", "b.csv")
  },
  {
    // two files into an input without `multiple`: the page can hold one of them only
    id: "inputs.upload-two-into-single",
    page: `<input id="f" type="file" onchange="log('files',{names:[...this.files].map(f=>f.name)})">`,
    setup: (c) => {
      writeFileSync(c.abs("a.txt"), "one")
      writeFileSync(c.abs("b.csv"), "x,y\n")
      return [["open", c.url]]
    },
    act: (c) => [["upload", "#f", c.abs("a.txt"), c.abs("b.csv")]],
    // the page got a file (which one is the browser's choice); the judge is whether the text says what it holds
    effect: async (c) => {
      const ok = await c.waitEvent("files")
      c.held = ok ? await c.eval("[...f.files].map(x=>x.name).join()") : undefined
      return saw(typeof c.held === "string" && c.held !== "", `input holds ${show(c.held)}`)
    },
    said: (t, c) => typeof c.held === "string" && says(t, c.held) && says(t, /one file|only|single|multiple/i),
    wrong: (t) => (/Uploaded 2 file/i.test(t) && !/only|one file/i.test(t) ? "claims both files uploaded" : undefined)
  },
  {
    // the user aims at the styled button a page shows, not at its hidden input
    id: "inputs.upload-onto-button",
    refusal: true,
    page:
      `<input id="f" type="file" hidden onchange="log('files')"><button id="btn" onclick="f.click()">` +
      `Choose photo</button>`,
    setup: (c) => {
      writeFileSync(c.abs("me.png"), "not really a png")
      return [["open", c.url]]
    },
    act: (c) => [["upload", "#btn", c.abs("me.png")]],
    effect: async (c) => saw((await c.eval("f.files.length")) === 0 && (await c.quiet("files")), "no file attached"),
    // the text says the target is no file input and points at the one that is (by its selector)
    said: (t) => says(t, /not a file input/i) && says(t, /#f\b|input\[type="?file"?\]/i)
  },
  {
    // the real input is hidden; the page shows a styled button that opens the picker
    id: "inputs.upload-hidden-input",
    page:
      `<input id="f" type="file" accept="image/*" hidden onchange="log('files',{names:[...this.files]` +
      `.map(f=>f.name)});out.textContent=this.files[0]?.name"><button onclick="f.click()">Choose photo</button>` +
      `<span id="out">No photo</span>`,
    setup: (c) => {
      writeFileSync(c.abs("me.png"), "not really a png")
      return [["open", c.url]]
    },
    act: (c) => [["upload", "#f", c.abs("me.png")]],
    effect: async (c) => {
      const ok = await c.waitEvent("files", (e) => e.names?.join() === "me.png")
      const out = ok ? await c.eval("out.textContent") : undefined
      return saw(out === "me.png", `page shows ${show(out)}`)
    },
    said: (t) => says(t, "me.png")
  }
]

/** A text that reads as "done": the action's plain success words with no hint it did nothing. */
function readsDone(t) {
  return /✓|done|\bchecked\b|\bunchecked\b/i.test(t) && !/disabled|not|unchanged|nothing/i.test(t)
}
