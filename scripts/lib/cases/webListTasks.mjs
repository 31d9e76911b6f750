// Cases: the list and disclosure situations of web-agent benchmarks (WebArena/Mind2Web-style tasks): a table whose
// header sorts and toggles direction, a paginated list (Next, and a Next marked aria-disabled on the last page), a
// filter that narrows a list, an accordion with aria-expanded, tabs, a <details> summary and an edit form in a modal
// dialog. Each effect is read outside the tool: the page's own log or a raw `agent-browser eval` of its state.
import { saw, says, show } from "./helpers.mjs"

const products = [
  ["Desk lamp", 24, true],
  ["Laptop stand", 89, false],
  ["Monitor", 329, true],
  ["Keyboard", 59, false],
  ["Mouse pad", 9, true],
  ["Webcam", 74, false],
  ["Headset", 119, false],
  ["Cable kit", 15, false]
]

const sortable =
  `<table><thead><tr><th>Product</th><th id="th" aria-sort="none"><button id="sp">Price</button></th></tr></thead>` +
  `<tbody id="tb"></tbody></table><script>const rows=${JSON.stringify(products.slice(0, 5))};` +
  `const draw=()=>{tb.innerHTML=rows.map(r=>'<tr><td>'+r[0]+'</td><td>'+r[1]+' EUR</td></tr>').join('')};draw();` +
  `sp.onclick=()=>{const up=th.getAttribute('aria-sort')!=='ascending';rows.sort((a,b)=>up?a[1]-b[1]:b[1]-a[1]);` +
  `th.setAttribute('aria-sort',up?'ascending':'descending');draw();log('sort',{dir:up?'up':'down'})}</script>`

// a three-state header (ascending, descending, then unsorted: the page's own order again)
const sortable3 = sortable
  .replace("const up=th.getAttribute('aria-sort')!=='ascending';", "const was=th.getAttribute('aria-sort');")
  .replace(
    "rows.sort((a,b)=>up?a[1]-b[1]:b[1]-a[1]);th.setAttribute('aria-sort',up?'ascending':'descending');draw();" +
      "log('sort',{dir:up?'up':'down'})",
    "const to=was==='none'?'ascending':was==='ascending'?'descending':'none';rows.sort((a,b)=>to==='ascending'?" +
      "a[1]-b[1]:to==='descending'?b[1]-a[1]:a[0].localeCompare(b[0]));th.setAttribute('aria-sort',to);draw();" +
      "log('sort',{to})"
  )

const orders = Array.from({ length: 25 }, (_, i) => `Order #${1001 + i}`)
const paged =
  `<ul id="ol"></ul><p id="pg"></p><button id="prev">Previous</button><button id="nx">Next</button><script>` +
  `const all=${JSON.stringify(orders)};let p=Number(new URLSearchParams(location.search).get('p')||1);` +
  `const last=Math.ceil(all.length/10);const draw=()=>{ol.innerHTML=all.slice((p-1)*10,p*10).map(o=>'<li>'+o+` +
  `'</li>').join('');pg.textContent='Page '+p+' of '+last;nx.setAttribute('aria-disabled',String(p===last));` +
  `prev.setAttribute('aria-disabled',String(p===1))};draw();const go=(d)=>{const n=p+d;if(n<1||n>last){` +
  `log('ignored');return}p=n;draw();log('page',{p})};nx.onclick=()=>go(1);prev.onclick=()=>go(-1)</script>`

const filtered =
  `<label><input type="checkbox" id="stock"> In stock only</label><p id="count"></p><ul id="pl"></ul><script>` +
  `const all=${JSON.stringify(products)};const draw=()=>{const v=all.filter(x=>!stock.checked||x[2]);` +
  `pl.innerHTML=v.map(x=>'<li>'+x[0]+'</li>').join('');count.textContent='Showing '+v.length+' of '+all.length+` +
  `' products'};draw();stock.onchange=()=>{draw();log('filter',{on:stock.checked})}</script>`

const accordion =
  `<h3><button id="acc" aria-expanded="false" aria-controls="pan" onclick="const o=this.getAttribute(` +
  `'aria-expanded')!=='true';this.setAttribute('aria-expanded',o);pan.hidden=!o;log('toggle',{o})">` +
  `Return policy</button></h3><div id="pan" role="region" aria-labelledby="acc" hidden>` +
  `<p>Returns are free within 30 days.</p></div>`

const tabs =
  `<div role="tablist" aria-label="Product"><button role="tab" id="t1" aria-selected="true" aria-controls="p1">` +
  `Details</button><button role="tab" id="t2" aria-selected="false" aria-controls="p2">Reviews</button></div>` +
  `<div role="tabpanel" id="p1" aria-labelledby="t1"><p>Aluminium body, 1.2 kg.</p></div>` +
  `<div role="tabpanel" id="p2" aria-labelledby="t2" hidden><p>Rated 4.5 out of 5 by 38 buyers.</p></div><script>` +
  `for(const t of [t1,t2])t.onclick=()=>{for(const u of [t1,t2]){const on=u===t;u.setAttribute('aria-selected',on);` +
  `document.getElementById(u.getAttribute('aria-controls')).hidden=!on}log('tab',{id:t.id})}</script>`

const profile =
  `<p id="shown">Name: Ada</p><button id="edit" onclick="nm.value='';dlg.showModal();log('open')">Edit name` +
  `</button><dialog id="dlg" aria-label="Edit name"><form method="dialog"><label>New name <input id="nm"></label>` +
  `<button id="save" value="save">Save</button></form></dialog><script>dlg.addEventListener('close',()=>{` +
  `if(dlg.returnValue==='save')shown.textContent='Name: '+nm.value;log('closed',{v:dlg.returnValue})})</script>`

export const tables = [
  {
    // the second click on the header sorts the other way: the text must not leave the model on "ascending"
    id: "tables.sort-toggles",
    page: sortable,
    act: () => [
      ["click", "#sp"],
      ["click", "#sp"]
    ],
    effect: async (c) => {
      const v = (await c.until(() => c.count("sort") === 2))
        ? await c.eval("[th.getAttribute('aria-sort'), tb.rows[0].cells[0].textContent]")
        : undefined
      return saw(v?.[0] === "descending" && v?.[1] === "Monitor", `aria-sort, first row ${show(v)}`)
    },
    said: (t, c) => says(c.last, /descending/i),
    wrong: (t, c) =>
      /\bascending\b/i.test(c.last) && !/descending/i.test(c.last) ? "names the first direction" : undefined
  },
  {
    // the third click takes the sort off: the text must not leave the model on "descending"
    id: "tables.sort-third-click-unsorts",
    page: sortable3,
    act: () => [
      ["click", "#sp"],
      ["click", "#sp"],
      ["click", "#sp"]
    ],
    effect: async (c) => {
      const v = (await c.until(() => c.count("sort") === 3)) ? await c.eval("th.getAttribute('aria-sort')") : undefined
      return saw(v === "none", `aria-sort ${show(v)}`)
    },
    said: (t, c) => says(c.last, /no longer sorted|unsorted/i),
    wrong: (t, c) =>
      /\b(ascending|descending)\b/i.test(c.last) ? "names a direction the header no longer has" : undefined
  },
  {
    id: "tables.next-page",
    page: paged,
    act: () => [["click", "#nx"]],
    effect: async (c) => {
      const v = (await c.waitEvent("page")) ? await c.eval("[pg.textContent, ol.firstChild.textContent]") : undefined
      return saw(v?.[0] === "Page 2 of 3" && v?.[1] === "Order #1011", `page, first ${show(v)}`)
    },
    said: (t) => says(t, /Page 2 of 3|Order #1011/)
  },
  {
    // on the last page Next is only marked aria-disabled: a click reaches it and the page ignores it
    id: "tables.next-on-last-page",
    refusal: true,
    page: paged,
    setup: (c) => [["open", `${c.url}?p=3`]],
    act: () => [["click", "#nx"]],
    effect: async (c) => {
      const v = await c.eval("pg.textContent")
      return saw(v === "Page 3 of 3" && !c.has("page"), `page ${show(v)}, ignored ${c.has("ignored")}`)
    },
    said: (t) => says(t, /disabled|nothing (visible )?(happened|changed)|no visible/i)
  },
  {
    id: "tables.filter-narrows",
    page: filtered,
    act: () => [["check", "#stock"]],
    effect: async (c) => {
      const v = (await c.waitEvent("filter")) ? await c.eval("[count.textContent, pl.children.length]") : undefined
      return saw(v?.[0] === "Showing 3 of 8 products" && v?.[1] === 3, `count, rows ${show(v)}`)
    },
    said: (t) => says(t, "Showing 3 of 8")
  }
]

export const disclosures = [
  {
    id: "disclose.accordion-expands",
    page: accordion,
    act: () => [["click", "#acc"]],
    effect: async (c) => {
      const v = (await c.waitEvent("toggle"))
        ? await c.eval("[acc.getAttribute('aria-expanded'), pan.hidden]")
        : undefined
      return saw(v?.[0] === "true" && v?.[1] === false, `expanded, hidden ${show(v)}`)
    },
    said: (t) => says(t, /expanded|Returns are free/i)
  },
  {
    id: "disclose.tab-switch",
    page: tabs,
    act: () => [["click", "#t2"]],
    effect: async (c) => {
      const v = (await c.waitEvent("tab")) ? await c.eval("[t2.getAttribute('aria-selected'), p2.hidden]") : undefined
      return saw(v?.[0] === "true" && v?.[1] === false, `selected, hidden ${show(v)}`)
    },
    said: (t) => says(t, /selected|4\.5 out of 5/i)
  },
  {
    id: "disclose.details-summary",
    page: `<details id="d"><summary id="sm">Technical data</summary><p>Weight 1.2 kg, width 40 cm.</p></details>`,
    act: () => [["click", "#sm"]],
    effect: async (c) => {
      const ok = await c.until(async () => (await c.eval("d.open")) === true)
      return saw(ok, `open ${ok}`)
    },
    said: (t) => says(t, /expanded|Weight 1\.2 kg/i)
  },
  {
    // a modal edit form: open, fill, save; the last text should say the dialog closed or show the new name
    id: "disclose.modal-edit-save",
    page: profile,
    act: () => [
      ["click", "#edit"],
      ["fill", "#nm", "Grace"],
      ["click", "#save"]
    ],
    effect: async (c) => {
      const v = (await c.waitEvent("closed")) ? await c.eval("[shown.textContent, dlg.open]") : undefined
      return saw(v?.[0] === "Name: Grace" && v?.[1] === false, `shown, open ${show(v)}`)
    },
    said: (t, c) => says(c.last, /Name: Grace|closed/i)
  }
]
