// Cases: the form situations of web-agent benchmarks (WebArena/Mind2Web-style tasks) where a field keeps something
// other than what was sent: a phone mask that reformats the digits, a number field given letters, a select whose
// change handler puts the old option back, a username checked a little after typing; a multi-step form whose Next
// reveals the next step or refuses it; a pay button that disables itself; a search box whose suggestions must be
// picked. Each effect is read outside the tool: the page's own log or a raw `agent-browser eval` of its state.
import { refIn, saw, says, show } from "./helpers.mjs"

const phone =
  `<label>Phone <input id="p" inputmode="tel" oninput="const d=this.value.replace(/\\D/g,'').slice(0,10);` +
  `this.value=d.length===10?'('+d.slice(0,3)+') '+d.slice(3,6)+'-'+d.slice(6):d;log('input',{v:this.value})">` +
  `</label>`

const shipping =
  `<label>Delivery <select id="s" onchange="if(this.value==='fast'){this.value='std';` +
  `note.textContent='Express delivery is not offered for this address'}log('change',{v:this.value})">` +
  `<option value="std">Standard</option><option value="fast">Express</option></select></label>` +
  `<p id="note" role="status"></p>`

const username =
  `<label>Username <input id="u" oninput="clearTimeout(window.tm);const v=this.value;window.tm=setTimeout(()=>{` +
  `msg.textContent=v==='alice'?'The name alice is already taken':'';log('checked',{v})},300)"></label>` +
  `<p id="msg" aria-live="polite"></p>`

const wizard =
  `<form onsubmit="return false"><section id="s1"><h2>Step 1 of 3: Your name</h2><label>Full name ` +
  `<input id="full"></label><button type="button" id="next" onclick="if(!full.value.trim()){` +
  `err.textContent='Enter your full name to continue';log('refused');return}s1.hidden=true;s2.hidden=false;` +
  `log('step',{n:2})">Next</button><p id="err" role="alert"></p></section><section id="s2" hidden>` +
  `<h2>Step 2 of 3: Delivery address</h2><label>Street <input id="street"></label></section></form>`

const pay =
  `<p>Basket: 1 lamp, 20 EUR</p><button id="pay" onclick="this.disabled=true;this.textContent='Processing';` +
  `log('pay');setTimeout(()=>{st.textContent='Payment received'},200)">Pay 20 EUR</button>` +
  `<p id="st" role="status"></p>`

const cities = ["Paris", "Parma", "Porto", "Prague"]
const suggest =
  `<label for="q">Destination</label><input id="q" role="combobox" aria-expanded="false" aria-controls="lb" ` +
  `aria-autocomplete="list" autocomplete="off"><ul id="lb" role="listbox" aria-label="Suggestions" hidden></ul>` +
  `<p id="chosen">No destination chosen</p><script>const all=${JSON.stringify(cities)};` +
  `q.addEventListener('input',()=>{const v=q.value.trim().toLowerCase();const hits=v.length<2?[]:` +
  `all.filter(x=>x.toLowerCase().startsWith(v));lb.innerHTML=hits.map(x=>'<li role=option>'+x+'</li>').join('');` +
  `lb.hidden=hits.length===0;q.setAttribute('aria-expanded',String(hits.length>0));log('shown',{n:hits.length})});` +
  `lb.addEventListener('click',e=>{const o=e.target.closest('[role=option]');if(!o)return;q.value=o.textContent;` +
  `lb.hidden=true;q.setAttribute('aria-expanded','false');chosen.textContent='Destination: '+o.textContent;` +
  `log('pick',{v:o.textContent})})</script>`

const value = (id) => (c) => c.eval(`document.getElementById(${JSON.stringify(id)}).value`)

export const fields = [
  {
    // the page reformats the ten digits: the text must name what the field holds, not the digits sent
    id: "fields.phone-mask",
    page: phone,
    act: () => [["fill", "#p", "5551234567"]],
    effect: async (c) => {
      const v = await value("p")(c)
      return saw(v === "(555) 123-4567", `#p holds ${show(v)}`)
    },
    said: (t) => says(t, "(555) 123-4567"),
    wrong: (t) =>
      /5551234567/.test(t) && !t.includes("(555) 123-4567") ? "names the digits, not the value" : undefined
  },
  {
    id: "fields.number-gets-letters",
    refusal: true,
    page: `<label>Guests <input type="number" id="n" min="1" max="9"></label>`,
    act: () => [["fill", "#n", "two"]],
    effect: async (c) => {
      const v = await value("n")(c)
      return saw(v === "", `#n holds ${show(v)}`)
    },
    said: (t) => says(t, /number|empty|did not take|holds 0 char|does not accept|cannot/i),
    wrong: (t) =>
      /\btwo\b/.test(t) && !/number|empty|not/i.test(t) ? "names letters a number field cannot hold" : undefined
  },
  {
    // the change handler puts Standard back and says why: the text must not leave Express as the choice
    id: "fields.select-reverted",
    page: shipping,
    act: () => [["select", "#s", "fast"]],
    effect: async (c) => {
      const v = (await c.waitEvent("change")) ? await c.eval("[s.value, note.textContent]") : undefined
      return saw(v?.[0] === "std" && /not offered/.test(v?.[1] ?? ""), `value, note ${show(v)}`)
    },
    said: (t) => says(t, /Standard|not offered/),
    wrong: (t) =>
      /Express|fast/.test(t) && !/Standard|not offered/.test(t) ? "names the option the page put back" : undefined
  },
  {
    // the page answers 300 ms after typing stops: an effect a text can leave unsaid
    id: "fields.name-taken-later",
    page: username,
    act: () => [["fill", "#u", "alice"]],
    effect: async (c) => {
      const v = (await c.waitEvent("checked")) ? await c.eval("msg.textContent") : undefined
      return saw(v === "The name alice is already taken", `message ${show(v)}`)
    },
    said: (t) => says(t, "already taken")
  },
  {
    // the same check after typing key by key
    id: "fields.name-taken-after-typing",
    page: username,
    act: () => [["type", "#u", "alice"]],
    effect: async (c) => {
      const v = (await c.waitEvent("checked")) ? await c.eval("msg.textContent") : undefined
      return saw(v === "The name alice is already taken", `message ${show(v)}`)
    },
    said: (t) => says(t, "already taken")
  }
]

export const wizards = [
  {
    id: "wizard.next-reveals-step",
    page: wizard,
    act: () => [
      ["fill", "#full", "Ada Lovelace"],
      ["click", "#next"]
    ],
    effect: async (c) => {
      const v = (await c.waitEvent("step")) ? await c.eval("[s1.hidden, s2.hidden]") : undefined
      return saw(JSON.stringify(v) === "[true,false]", `step1, step2 hidden ${show(v)}`)
    },
    said: (t, c) => says(c.last, /Step 2 of 3|Delivery address|Street/)
  },
  {
    // the page's own check keeps step 1 and says why (no native validation: a plain button)
    id: "wizard.next-refused",
    page: wizard,
    act: () => [["click", "#next"]],
    effect: async (c) => {
      const v = (await c.waitEvent("refused")) ? await c.eval("[s1.hidden, s2.hidden, err.textContent]") : undefined
      return saw(v?.[0] === false && v?.[1] === true && /full name/.test(v?.[2] ?? ""), `hidden, error ${show(v)}`)
    },
    said: (t) => says(t, "Enter your full name"),
    wrong: (t) => (/Step 2 of 3|Delivery address/.test(t) ? "names the step the page did not show" : undefined)
  },
  {
    // the second click meets a disabled button: one payment, and the second text says so
    id: "wizard.pay-button-disables",
    refusal: true,
    page: pay,
    act: () => [
      ["click", "#pay"],
      ["click", "#pay"]
    ],
    effect: async (c) => {
      const ok = await c.until(async () => (await c.eval("st.textContent")) === "Payment received")
      return saw(ok && c.count("pay") === 1, `payments ${c.count("pay")}, received ${ok}`)
    },
    said: (t, c) => says(c.last, /disabled/i),
    wrong: (t, c) =>
      c.count("pay") === 1 && !/disabled|not clicked/i.test(c.last) ? "second click reads as done" : undefined
  }
]

export const suggests = [
  {
    // typing shows suggestions the model must pick from: the fill's text should name them
    id: "suggest.list-appears",
    page: suggest,
    act: () => [["fill", "#q", "par"]],
    effect: async (c) => {
      const v = (await c.waitEvent("shown")) ? await c.eval("[lb.hidden, lb.textContent]") : undefined
      return saw(v?.[0] === false && v?.[1] === "ParisParma", `hidden, options ${show(v)}`)
    },
    said: (t) => says(t, "Paris", "Parma")
  },
  {
    id: "suggest.pick-by-ref",
    page: suggest,
    act: () => [["fill", "#q", "par"], ["snapshot", "-i"], (c) => ["click", refIn(c.last, "option", "Paris")]],
    effect: async (c) => {
      const v = (await c.waitEvent("pick")) ? await c.eval("[q.value, chosen.textContent]") : undefined
      return saw(v?.[0] === "Paris" && v?.[1] === "Destination: Paris", `value, chosen ${show(v)}`)
    },
    said: (t, c) => says(c.last, "Destination: Paris")
  },
  {
    // filled without picking: the page has no destination yet, and the fill's text must not read as chosen
    id: "suggest.fill-is-not-pick",
    page: suggest,
    act: () => [["fill", "#q", "Paris"]],
    effect: async (c) => {
      const v = (await c.waitEvent("shown")) ? await c.eval("[q.value, chosen.textContent, lb.hidden]") : undefined
      return saw(v?.[0] === "Paris" && v?.[1] === "No destination chosen", `value, chosen, list hidden ${show(v)}`)
    },
    said: (t) => says(t, /option|listbox|suggest/i),
    wrong: (t) => (/Destination: Paris/.test(t) ? "names a choice the page did not make" : undefined)
  },
  {
    // a <datalist>: the browser's own popup (no page element, nothing to click); "Pa" is none of its values
    id: "suggest.datalist-partial",
    page:
      `<label for="c">City</label><input id="c" list="cities" oninput="log('input',{v:this.value})">` +
      `<datalist id="cities">${cities.map((x) => `<option value="${x}">`).join("")}</datalist>`,
    act: () => [["fill", "#c", "Pa"]],
    effect: async (c) => {
      const v = (await c.waitEvent("input")) ? await c.eval("c.value") : undefined
      return saw(v === "Pa", `value ${show(v)}`)
    },
    said: (t) => says(t, /"Paris"; "Parma"/),
    wrong: (t) => (/Filled #c: it now holds "Paris"/.test(t) ? "names a value the field does not hold" : undefined)
  }
]
