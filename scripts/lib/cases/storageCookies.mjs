// Cases: web storage and cookies. The page's own storage and document.cookie are read by raw eval; cookies the
// page cannot see (HttpOnly) by a raw `cookies` call; what the browser sent by the server's request log.
import { writeFileSync } from "node:fs"
import { saw, says, show, stateFile } from "./helpers.mjs"

const item = (area, key) => (c) => c.eval(`${area}Storage.getItem(${JSON.stringify(key)})`)
const itemIs = (area, key, want) => async (c) => {
  const v = await item(area, key)(c)
  return saw(v === want, `${area}Storage ${key} = ${show(v)}`)
}
const seeded = (pairs, area = "local") => {
  const sets = Object.entries(pairs).map(
    ([k, v]) => `${area}Storage.setItem(${JSON.stringify(k)}, ${JSON.stringify(v)})`
  )
  return `<title>Shop</title><script>${sets.join(";")}</script>`
}
const redacted = (t) => (/\[REDACTED\]/.test(t) ? "redacts a value the model or the page wrote (no secret)" : undefined)

export const storage = [
  {
    id: "storage.local-set",
    page: `<p>app</p>`,
    act: () => [["storage", "local", "set", "theme", "dark"]],
    effect: itemIs("local", "theme", "dark"),
    said: (t) => says(t, "theme", "dark"),
    wrong: redacted
  },
  {
    id: "storage.local-get-one",
    page: seeded({ cart: "3 items" }),
    act: () => [["storage", "local", "cart"]],
    effect: itemIs("local", "cart", "3 items"),
    said: (t) => says(t, "3 items"),
    wrong: redacted
  },
  {
    id: "storage.local-list",
    page: seeded({ lang: "pt-BR", layout: "grid" }),
    act: () => [["storage", "local"]],
    effect: itemIs("local", "lang", "pt-BR"),
    said: (t) => says(t, "pt-BR", "grid"),
    wrong: redacted
  },
  {
    id: "storage.session-set",
    page: `<p>app</p>`,
    act: () => [["storage", "session", "set", "step", "3"]],
    effect: itemIs("session", "step", "3"),
    said: (t) => says(t, "step", "3")
  },
  {
    id: "storage.session-get",
    page: seeded({ wizard: "page two" }, "session"),
    act: () => [["storage", "session", "wizard"]],
    effect: itemIs("session", "wizard", "page two"),
    said: (t) => says(t, "page two"),
    wrong: redacted
  },
  {
    id: "storage.local-clear",
    page: seeded({ a: "1", b: "2" }),
    act: () => [["storage", "local", "clear"]],
    effect: async (c) => {
      const n = await c.eval("localStorage.length")
      return saw(n === 0, `${n} keys left`)
    },
    said: (t) => says(t, /clear/i)
  },
  {
    id: "storage.local-remove-key",
    primitive: "storage key delete",
    page: seeded({ draft: "x", keep: "y" }),
    act: () => [["storage", "local", "remove", "draft"]],
    effect: async (c) => {
      const d = await item("local", "draft")(c)
      const k = await item("local", "keep")(c)
      return saw(d === null && k === "y", `draft ${show(d)}, keep ${show(k)}`)
    },
    said: (t) => says(t, "draft", /remov|delet/i)
  },
  {
    id: "storage.key-named-value",
    page: `<p>app</p>`,
    act: () => [
      ["storage", "local", "set", "value", "plain text 5"],
      ["storage", "local", "value"]
    ],
    effect: itemIs("local", "value", "plain text 5"),
    said: (t, c) => says(c.last, "plain text 5"),
    wrong: redacted
  },
  {
    id: "storage.token-stays-hidden",
    page: seeded({ api_token: "sk-live-abc123secret" }),
    act: () => [["storage", "local"]],
    effect: itemIs("local", "api_token", "sk-live-abc123secret"),
    said: (t) => says(t, "api_token") && !says(t, "sk-live-abc123secret")
  },
  {
    id: "storage.json-value",
    page: `<p>app</p>`,
    act: () => [["storage", "local", "set", "prefs", '{"a":1}']],
    effect: itemIs("local", "prefs", '{"a":1}'),
    said: (t) => says(t, "prefs")
  },
  {
    id: "storage.state-save",
    page: seeded({ k: "v1" }),
    act: (c) => [["state", "save", c.rel("state.json")]],
    effect: (c) =>
      c.until(() => {
        const saved = JSON.parse(c.file("state.json")?.toString() ?? "{}")
        return saved.origins?.some((o) => o.localStorage?.some((e) => e.name === "k" && e.value === "v1"))
      }),
    said: (t) => says(t, "state.json")
  },
  {
    id: "storage.state-load",
    page: `<title>Cart page</title>`,
    setup: (c) => {
      writeFileSync(c.abs("in.json"), stateFile(c.origin, "k", "restored-1"))
      return [["open", c.url]]
    },
    act: (c) => [["state", "load", c.rel("in.json")]],
    effect: async (c) => {
      const v = await item("local", "k")(c)
      c.href = await c.eval("location.href")
      return saw(v === "restored-1", `k ${show(v)}, page at ${show(c.href)}`)
    },
    said: (t) => says(t, /load/i),
    wrong: (t, c) => {
      const moved = typeof c.href === "string" && c.href !== c.url && !says(t, c.href)
      return moved ? `the tab moved to ${c.href}; the text does not say so` : undefined
    }
  }
]

const cookiePage = (cookie) =>
  `<title>Cookie page</title><script>document.cookie=${JSON.stringify(cookie)};log('set')</script>`
const docCookie = (c) => c.eval("document.cookie")

export const cookies = [
  {
    id: "cookies.set",
    page: `<p>app</p>`,
    act: (c) => [["cookies", "set", "flavor", "oat", "--url", c.origin]],
    effect: async (c) => {
      const v = await docCookie(c)
      return saw(String(v).includes("flavor=oat"), `document.cookie ${show(v)}`)
    },
    said: (t) => says(t, "flavor")
  },
  {
    id: "cookies.get-shows-value",
    page: cookiePage("theme=dark"),
    act: () => [["cookies"]],
    effect: (c) => c.waitEvent("set"),
    said: (t) => says(t, "theme", "dark")
  },
  {
    id: "cookies.clear",
    page: cookiePage("theme=dark"),
    act: () => [["cookies", "clear"]],
    effect: async (c) => {
      const v = await docCookie(c)
      return saw(v === "", `document.cookie ${show(v)}`)
    },
    said: (t) => says(t, /clear/i)
  },
  {
    id: "cookies.httponly-listed",
    page: { html: `<title>Signed in</title>`, headers: { "set-cookie": "sid=abc77; HttpOnly; Path=/" } },
    act: () => [["cookies"]],
    effect: async (c) => {
      const r = await c.raw(["cookies"])
      return saw(r?.data?.cookies?.some((k) => k.name === "sid" && k.httpOnly) === true, "sid is HttpOnly")
    },
    said: (t) => says(t, "sid")
  },
  {
    id: "cookies.named-value",
    page: cookiePage("value=42"),
    act: () => [["cookies"]],
    effect: (c) => c.waitEvent("set"),
    said: (t) => says(t, "value", "42"),
    wrong: (t) => (/\[REDACTED\]s/.test(t) ? "garbles the tool's own words with a redaction" : undefined)
  },
  {
    id: "cookies.sent-to-server",
    page: `<title>Lang</title>`,
    act: (c) => [["cookies", "set", "lang", "fr", "--url", c.origin], ["reload"]],
    effect: (c) => c.until(() => c.hit("", (r) => String(r.headers.cookie).includes("lang=fr"))),
    said: (t) => says(t, "lang")
  },
  {
    id: "cookies.secret-stays-hidden",
    page: cookiePage("session_token=tok-998877"),
    act: () => [["cookies"]],
    effect: (c) => c.waitEvent("set"),
    said: (t) => says(t, "session_token") && !says(t, "tok-998877")
  },
  {
    id: "cookies.set-httponly-flag",
    page: `<p>app</p>`,
    act: (c) => [["cookies", "set", "hid", "1", "--url", c.origin, "--http-only"]],
    effect: async (c) => {
      const v = String(await docCookie(c))
      const r = await c.raw(["cookies"])
      const listed = r?.data?.cookies?.some((k) => k.name === "hid" && k.httpOnly) === true
      return saw(!v.includes("hid=") && listed, `document.cookie ${show(v)}`)
    },
    said: (t) => says(t, "hid")
  },
  {
    id: "cookies.set-on-current-page",
    page: `<p>app</p>`,
    act: () => [["cookies", "set", "color", "blue"]],
    effect: async (c) => {
      const v = await docCookie(c)
      return saw(String(v).includes("color=blue"), `document.cookie ${show(v)}`)
    },
    said: (t) => says(t, "color")
  },
  {
    id: "cookies.clear-then-list",
    page: cookiePage("theme=dark"),
    act: () => [["cookies", "clear"], ["cookies"]],
    effect: async (c) => {
      const v = await docCookie(c)
      return saw(v === "", `document.cookie ${show(v)}`)
    },
    said: (t, c) => !says(c.last, "theme")
  }
]
