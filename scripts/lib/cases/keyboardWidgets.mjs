// Cases: keyboard-driven widgets (a command palette, an ARIA listbox, a menu button, a combobox, a focus-trapped
// modal, a grid, a tree) and shortcuts or editing keys a page handles itself (Control+S, Control+Enter, Enter in an
// editor, Backspace on a chip, Control+A then Delete, End on a long page). Each effect is read outside the tool: the
// page's own log or a raw `agent-browser eval` of its real state (activedescendant, focus, chosen value).
import { saw, says, show } from "./helpers.mjs"

const focusOn = (sel) => (c) => [
  ["open", c.url],
  ["focus", sel]
]
const activeId = (c) => c.eval("document.activeElement.id")

const palette = (mod) =>
  `<h1>Editor</h1><div id="pal" role="dialog" aria-label="Command palette" hidden>` +
  `<input id="pi" aria-label="Search commands" placeholder="Type a command"><ul><li>Open file</li></ul></div>` +
  `<script>addEventListener('keydown',e=>{if(e.${mod}&&e.key.toLowerCase()==='k'){e.preventDefault();` +
  `pal.hidden=false;pi.focus();log('palette')}})</script>`
const paletteOpen = async (c) => {
  const v = (await c.waitEvent("palette")) ? await c.eval("[pal.hidden,document.activeElement.id]") : undefined
  return saw(v?.[0] === false && v?.[1] === "pi", `hidden, focus ${show(v)}`)
}

const listbox =
  `<ul id="lb" role="listbox" tabindex="0" aria-label="Fruit" aria-activedescendant="o1">` +
  `<li id="o1" role="option" aria-selected="true">Apple</li><li id="o2" role="option">Banana</li>` +
  `<li id="o3" role="option">Cherry</li></ul><p id="out">Nothing chosen</p><script>` +
  `const opts=[...lb.querySelectorAll('[role=option]')];lb.addEventListener('keydown',e=>{` +
  `let i=opts.findIndex(o=>o.id===lb.getAttribute('aria-activedescendant'));` +
  `if(e.key==='ArrowDown')i=Math.min(i+1,opts.length-1);else if(e.key==='ArrowUp')i=Math.max(i-1,0);` +
  `else if(e.key==='Enter'){out.textContent='Chosen: '+opts[i].textContent;log('chose',{v:opts[i].textContent});` +
  `return}else return;e.preventDefault();opts.forEach((o,j)=>o.setAttribute('aria-selected',j===i));` +
  `lb.setAttribute('aria-activedescendant',opts[i].id);log('active',{id:opts[i].id})})</script>`

const menuButton =
  `<button id="mb" aria-haspopup="menu" aria-expanded="false" aria-controls="mn">Actions</button>` +
  `<ul id="mn" role="menu" hidden><li id="m1" role="menuitem" tabindex="-1">Rename</li>` +
  `<li id="m2" role="menuitem" tabindex="-1">Delete</li></ul><script>` +
  `mb.addEventListener('keydown',e=>{if(e.key==='Enter'||e.key===' '){e.preventDefault();mn.hidden=false;` +
  `mb.setAttribute('aria-expanded','true');m1.focus();log('opened')}});` +
  `mn.addEventListener('keydown',e=>{if(e.key==='Escape'){mn.hidden=true;mb.setAttribute('aria-expanded','false');` +
  `mb.focus();log('closed')}})</script>`

const combobox =
  `<label for="cb">Fruit</label><input id="cb" role="combobox" aria-expanded="false" aria-controls="cl" ` +
  `aria-autocomplete="list"><ul id="cl" role="listbox" hidden></ul><script>` +
  `const all=['Apple','Apricot','Avocado','Banana'];let act=-1;const items=()=>[...cl.children];` +
  `cb.addEventListener('input',()=>{const q=cb.value.toLowerCase();act=-1;cl.innerHTML=all.filter(f=>` +
  `f.toLowerCase().startsWith(q)).map((f,i)=>'<li role=option id=c'+i+'>'+f+'</li>').join('');` +
  `cl.hidden=!q;cb.setAttribute('aria-expanded',String(!!q))});cb.addEventListener('keydown',e=>{` +
  `if(e.key==='ArrowDown'&&!cl.hidden){e.preventDefault();act=Math.min(act+1,items().length-1);` +
  `items().forEach((o,j)=>o.setAttribute('aria-selected',j===act));cb.setAttribute('aria-activedescendant',` +
  `items()[act].id)}else if(e.key==='Enter'&&act>=0){e.preventDefault();cb.value=items()[act].textContent;` +
  `cl.hidden=true;cb.setAttribute('aria-expanded','false');log('picked',{v:cb.value})}})</script>`

const modal =
  `<button id="behind">Behind the modal</button><div role="dialog" aria-modal="true" aria-label="Confirm">` +
  `<p>Delete 3 files?</p><button id="cancel">Cancel</button><button id="ok">Delete</button></div><script>` +
  `const f=[cancel,ok];addEventListener('keydown',e=>{if(e.key!=='Tab')return;const i=f.indexOf(` +
  `document.activeElement);if(!e.shiftKey&&i===f.length-1){e.preventDefault();f[0].focus();log('wrap')}` +
  `else if(e.shiftKey&&i===0){e.preventDefault();f[f.length-1].focus();log('wrap')}})</script>`

const cell = (r, k) => `<td id="g${r}${k}" role="gridcell" tabindex="${r + k === 0 ? 0 : -1}">R${r + 1}C${k + 1}</td>`
const grid =
  `<table role="grid" aria-label="Seats" id="gr">` +
  [0, 1].map((r) => `<tr>${[0, 1, 2].map((k) => cell(r, k)).join("")}</tr>`).join("") +
  `</table><script>gr.addEventListener('keydown',e=>{const m=/g(\\d)(\\d)/.exec(e.target.id);if(!m)return;` +
  `let r=+m[1],k=+m[2];if(e.key==='ArrowRight')k++;else if(e.key==='ArrowLeft')k--;else if(e.key==='ArrowDown')r++;` +
  `else if(e.key==='ArrowUp')r--;else return;const t=document.getElementById('g'+r+k);if(!t)return;` +
  `e.preventDefault();e.target.tabIndex=-1;t.tabIndex=0;t.focus();log('moved',{id:t.id})})</script>`

const tree =
  `<ul role="tree" aria-label="Files"><li id="t1" role="treeitem" aria-expanded="false" tabindex="0">src` +
  `<ul role="group" id="kids" hidden><li role="treeitem">main.ts</li><li role="treeitem">util.ts</li></ul></li>` +
  `</ul><script>t1.addEventListener('keydown',e=>{if(e.key==='ArrowRight'){e.preventDefault();kids.hidden=false;` +
  `t1.setAttribute('aria-expanded','true');log('expanded')}else if(e.key==='ArrowLeft'){kids.hidden=true;` +
  `t1.setAttribute('aria-expanded','false')}})</script>`

export const kbdWidgets = [
  {
    id: "kbd.palette-ctrl-k",
    page: palette("ctrlKey"),
    act: () => [["press", "Control+k"]],
    effect: paletteOpen,
    said: (t) => says(t, /Search commands|Open file|Command palette/)
  },
  {
    id: "kbd.palette-meta-k",
    page: palette("metaKey"),
    act: () => [["press", "Meta+k"]],
    effect: paletteOpen,
    said: (t) => says(t, /Search commands|Open file|Command palette/)
  },
  {
    id: "kbd.listbox-arrowdown",
    page: listbox,
    setup: focusOn("#lb"),
    act: () => [["press", "ArrowDown"]],
    effect: async (c) => {
      const v = (await c.waitEvent("active")) ? await c.eval("lb.getAttribute('aria-activedescendant')") : undefined
      return saw(v === "o2", `activedescendant ${show(v)}`)
    },
    // the focus stays on the listbox; what moved is the active option, Banana
    said: (t) => says(t, "Banana"),
    wrong: (t) => (/Focus moved/i.test(t) && !/Banana/.test(t) ? "says focus moved, not which option" : undefined)
  },
  {
    id: "kbd.listbox-enter-chooses",
    page: listbox,
    setup: (c) => [...focusOn("#lb")(c), ["press", "ArrowDown"], ["press", "ArrowDown"]],
    act: () => [["press", "Enter"]],
    effect: async (c) => {
      const v = (await c.waitEvent("chose")) ? await c.eval("out.textContent") : undefined
      return saw(v === "Chosen: Cherry", `page says ${show(v)}`)
    },
    said: (t) => says(t, "Chosen: Cherry")
  },
  {
    id: "kbd.menubutton-enter-opens",
    page: menuButton,
    setup: focusOn("#mb"),
    act: () => [["press", "Enter"]],
    effect: async (c) => {
      const v = (await c.waitEvent("opened")) ? await c.eval("[mn.hidden,document.activeElement.id]") : undefined
      return saw(v?.[0] === false && v?.[1] === "m1", `hidden, focus ${show(v)}`)
    },
    said: (t) => says(t, "Rename")
  },
  {
    id: "kbd.menu-escape-returns-focus",
    page: menuButton,
    setup: (c) => [...focusOn("#mb")(c), ["press", "Enter"]],
    act: () => [["press", "Escape"]],
    effect: async (c) => {
      const v = (await c.waitEvent("closed")) ? await c.eval("[mn.hidden,document.activeElement.id]") : undefined
      return saw(v?.[0] === true && v?.[1] === "mb", `hidden, focus ${show(v)}`)
    },
    said: (t) => says(t, /Actions|#mb/) && says(t, /Hidden|closed|Rename/i)
  },
  {
    id: "kbd.combobox-pick",
    page: combobox,
    act: () => [
      ["type", "#cb", "ap"],
      ["press", "ArrowDown"],
      ["press", "ArrowDown"],
      ["press", "Enter"]
    ],
    effect: async (c) => {
      const v = (await c.waitEvent("picked")) ? await c.eval("cb.value") : undefined
      return saw(v === "Apricot", `value ${show(v)}`)
    },
    said: (t) => says(t, "Apricot")
  },
  {
    id: "kbd.modal-tab-wraps",
    page: modal,
    setup: focusOn("#ok"),
    act: () => [["press", "Tab"]],
    effect: async (c) => {
      const id = (await c.waitEvent("wrap")) ? await activeId(c) : undefined
      return saw(id === "cancel", `focus on ${show(id)}`)
    },
    said: (t) => says(t, /Cancel|#cancel/),
    wrong: (t) => (/Behind the modal/.test(t) ? "names the button behind the modal" : undefined)
  },
  {
    id: "kbd.modal-shift-tab-wraps",
    page: modal,
    setup: focusOn("#cancel"),
    act: () => [["press", "Shift+Tab"]],
    effect: async (c) => {
      const id = (await c.waitEvent("wrap")) ? await activeId(c) : undefined
      return saw(id === "ok", `focus on ${show(id)}`)
    },
    said: (t) => says(t, /Delete|#ok/),
    wrong: (t) => (/Behind the modal/.test(t) ? "names the button behind the modal" : undefined)
  },
  {
    id: "kbd.grid-arrows",
    page: grid,
    setup: focusOn("#g00"),
    act: () => [
      ["press", "ArrowRight"],
      ["press", "ArrowDown"]
    ],
    effect: async (c) => {
      const id = (await c.until(() => c.count("moved") >= 2)) ? await activeId(c) : undefined
      return saw(id === "g11", `focus on ${show(id)}`)
    },
    said: (t) => says(t, "R2C2")
  },
  {
    id: "kbd.tree-arrowright-expands",
    page: tree,
    setup: focusOn("#t1"),
    act: () => [["press", "ArrowRight"]],
    effect: async (c) => {
      const v = (await c.waitEvent("expanded")) ? await c.eval("[kids.hidden,t1.ariaExpanded]") : undefined
      return saw(v?.[0] === false && v?.[1] === "true", `hidden, expanded ${show(v)}`)
    },
    said: (t) => says(t, "main.ts")
  }
]

const saveShortcut =
  `<textarea id="doc" aria-label="Document">draft</textarea><p id="st"></p><script>addEventListener('keydown',e=>{` +
  `if(e.ctrlKey&&e.key.toLowerCase()==='s'){e.preventDefault();st.textContent='Saved';log('saved')}})</script>`

const chips =
  `<div id="tags"><span class="chip">design</span><span class="chip">react</span>` +
  `<input id="ti" aria-label="Add tag"></div><script>ti.addEventListener('keydown',e=>{` +
  `if(e.key==='Backspace'&&!ti.value){const c=[...document.querySelectorAll('.chip')].pop();` +
  `if(c){c.remove();log('removed',{v:c.textContent})}}})</script>`

const longPage =
  `<h1 id="top">Top of the page</h1>${"<p style='height:300px'>Filler</p>".repeat(20)}` +
  `<footer id="foot">End of the page</footer>`

export const kbdEditing = [
  {
    id: "kbd.ctrl-s-intercepted",
    page: saveShortcut,
    setup: focusOn("#doc"),
    act: () => [["press", "Control+s"]],
    effect: async (c) => {
      const v = (await c.waitEvent("saved")) ? await c.eval("st.textContent") : undefined
      return saw(v === "Saved", `status ${show(v)}`)
    },
    said: (t) => says(t, "Saved")
  },
  {
    id: "kbd.ctrl-enter-submits",
    page:
      `<form id="f" onsubmit="log('submit',{v:msg.value});sent.textContent='Message sent';return false">` +
      `<textarea id="msg" aria-label="Message" onkeydown="if(event.ctrlKey&&event.key==='Enter')` +
      `f.requestSubmit()"></textarea></form><p id="sent"></p>`,
    act: () => [
      ["fill", "#msg", "See you at 5"],
      ["press", "Control+Enter"]
    ],
    effect: (c) => c.waitEvent("submit", (e) => e.v === "See you at 5"),
    said: (t) => says(t, "Message sent")
  },
  {
    id: "kbd.editor-enter-new-paragraph",
    page:
      `<div id="ed" contenteditable style="border:1px solid" oninput="log('input')"><p>Line one</p></div>` +
      `<script>ed.focus();getSelection().collapse(ed.firstChild.firstChild,8)</script>`,
    act: () => [
      ["press", "Enter"],
      ["keyboard", "type", "Line two"]
    ],
    effect: async (c) => {
      const v = await c.eval("[...ed.children].map(p=>p.textContent)")
      return saw(v?.length === 2 && v[1] === "Line two", `paragraphs ${show(v)}`)
    },
    said: (t) => says(t, "Line two")
  },
  {
    id: "kbd.backspace-removes-chip",
    page: chips,
    setup: focusOn("#ti"),
    act: () => [["press", "Backspace"]],
    effect: async (c) => {
      const v = (await c.waitEvent("removed")) ? await c.eval("[...tags.querySelectorAll('.chip')].length") : undefined
      return saw(v === 1, `${show(v)} chips left`)
    },
    said: (t) => says(t, /Hidden: "react"|removed|react/i)
  },
  {
    id: "kbd.ctrl-a-delete-clears",
    page: `<input id="q" aria-label="City" value="Amsterdam" oninput="log('input',{v:this.value})">`,
    setup: focusOn("#q"),
    act: () => [
      ["press", "Control+a"],
      ["press", "Delete"]
    ],
    effect: async (c) => {
      const v = (await c.waitEvent("input")) ? await c.eval("q.value") : undefined
      return saw(v === "", `value ${show(v)}`)
    },
    // the tool says `The focused control now has value ""` (first run's regex missed that wording: judge fixed)
    said: (t) => says(t, /empty|holds ""|value ""|cleared/i),
    wrong: (t) => (/holds "Amsterdam"/.test(t) ? "says the field still holds the old text" : undefined)
  },
  {
    // a log panel that scrolls on its own (overflow:auto), focused: PageDown scrolls the panel, not the page
    id: "kbd.pagedown-scroll-box",
    page:
      `<h1>Build</h1><div id="logbox" tabindex="0" style="height:150px;overflow:auto;border:1px solid">` +
      `${Array.from({ length: 60 }, (_, i) => `<div>log line ${i + 1}</div>`).join("")}</div>`,
    setup: focusOn("#logbox"),
    act: () => [["press", "PageDown"]],
    effect: async (c) => {
      const v = await c.until(async () => (await c.eval("logbox.scrollTop")) > 0, 2000)
      return saw(v, `scrollTop ${show(await c.eval("Math.round(logbox.scrollTop)"))}`)
    },
    said: (t) => says(t, /logbox scrolled down/),
    wrong: (t) => (/The page scrolled/.test(t) ? "says the page scrolled; the panel did" : undefined)
  },
  {
    id: "kbd.home-back-to-top",
    page: longPage,
    setup: (c) => [
      ["open", c.url],
      ["press", "End"]
    ],
    act: () => [["press", "Home"]],
    effect: async (c) => {
      const ok = await c.until(async () => (await c.eval("scrollY")) === 0, 2000)
      return saw(ok, `scrollY ${show(await c.eval("scrollY"))}`)
    },
    said: (t) => says(t, /scrolled up to y=0|top of the page/i)
  },
  {
    id: "kbd.end-long-page",
    page: longPage,
    act: () => [["press", "End"]],
    // Chromium animates End's scroll (~0.5 s): the first run read it mid-way (4392 of 5793) and judged FAIL; the
    // judge now polls until the page is at its bottom (2 s) instead of reading once
    effect: async (c) => {
      let v
      const bottom = async () => {
        v = await c.eval("[scrollY, document.documentElement.scrollHeight - innerHeight]")
        return v?.[0] > 0 && Math.abs(v[0] - v[1]) < 2
      }
      const ok = await c.until(bottom, 2000)
      return saw(ok, `scrollY, max ${show(v)}`)
    },
    said: (t) => says(t, /End of the page|bottom|scroll/i)
  }
]
