// Cases: screenshots (the file's real format and size, read from its bytes) and launches (each in its own browser:
// launch flags, profiles, state files, emulation).
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs"
import { isAbsolute, join } from "node:path"
import { saw, says, show, stateFile } from "./helpers.mjs"

/** The image format and PNG size of a file's bytes. */
const imageOf = (buf) => {
  if (buf === undefined) return { kind: "missing" }
  if (buf.subarray(0, 8).toString("hex") === "89504e470d0a1a0a") {
    return { kind: "png", width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) }
  }
  if (buf[0] === 0xff && buf[1] === 0xd8) return { kind: "jpeg" }
  if (buf.subarray(0, 4).toString() === "RIFF" && buf.subarray(8, 12).toString() === "WEBP") return { kind: "webp" }
  return { kind: "unknown" }
}
const shot = (name, pred) => async (c) => {
  await c.until(() => c.file(name) !== undefined, 3000)
  const img = imageOf(c.file(name))
  return saw(pred(img), `${name}: ${img.kind}${img.width ? ` ${img.width}x${img.height}` : ""}`)
}
const box = `<div id="box" style="width:200px;height:100px;background:#c33;margin:10px">box</div>`

export const screenshots = [
  {
    id: "screenshots.viewport-png",
    page: box,
    act: (c) => [["screenshot", c.rel("shot.png")]],
    effect: shot("shot.png", (i) => i.kind === "png"),
    said: (t) => says(t, "shot.png")
  },
  {
    id: "screenshots.full-page",
    page: `<div style="height:3000px;background:linear-gradient(#fff,#00f)">tall</div>`,
    act: (c) => [["screenshot", "--full", c.rel("full.png")]],
    effect: shot("full.png", (i) => i.kind === "png" && i.height >= 3000),
    said: (t) => says(t, "full.png")
  },
  {
    id: "screenshots.element",
    page: box,
    act: (c) => [["screenshot", "#box", c.rel("el.png")]],
    effect: shot("el.png", (i) => i.kind === "png" && Math.abs(i.width - 200) <= 2),
    said: (t) => says(t, "el.png")
  },
  {
    id: "screenshots.jpeg",
    page: box,
    act: (c) => [["screenshot", c.rel("shot.jpg"), "--screenshot-format", "jpeg"]],
    effect: shot("shot.jpg", (i) => i.kind === "jpeg"),
    said: (t) => says(t, "shot.jpg")
  },
  {
    id: "screenshots.webp",
    primitive: "webp screenshot",
    page: box,
    act: (c) => [["screenshot", c.rel("shot.webp"), "--screenshot-format", "webp"]],
    effect: shot("shot.webp", (i) => i.kind === "webp"),
    said: (t) => says(t, "shot.webp"),
    wrong: (t, c) => {
      const claimed = says(t, "shot.webp") && !/fail|refus|not supported/i.test(t)
      return claimed && !c.effect.ok ? `names shot.webp; the file is ${c.effect.detail}` : undefined
    }
  },
  {
    id: "screenshots.default-path",
    page: box,
    act: () => [["screenshot"]],
    effect: async (c) => {
      const path = /(\/[^\s"'`]+\.png)/.exec(c.last)?.[1]
      const full = path === undefined ? undefined : isAbsolute(path) ? path : join(c.root, path)
      const img = full !== undefined && existsSync(full) ? imageOf(readFileSync(full)) : { kind: "missing" }
      return saw(img.kind === "png", `${path ?? "no path in the text"}: ${img.kind}`)
    },
    said: (t) => says(t, ".png")
  },
  {
    id: "screenshots.annotate",
    page: `<button>Alpha</button><a href="#">Beta link</a>`,
    act: (c) => [["screenshot", "--annotate", c.rel("ann.png")]],
    effect: shot("ann.png", (i) => i.kind === "png"),
    said: (t) => says(t, /@e\d+/, "Alpha")
  },
  {
    id: "screenshots.large-page-sizes",
    page: `<div style="width:2000px;height:2000px;background:linear-gradient(90deg,#fff,#0a0)">wide</div>`,
    act: (c) => [["screenshot", "--full", c.rel("big.png")]],
    effect: shot("big.png", (i) => i.kind === "png" && i.width >= 2000),
    // the text must name the saved file's real size (a full page is the 2000 px div plus the body's margins)
    said: (t, c) => {
      const img = imageOf(c.file("big.png"))
      return says(t, "big.png", new RegExp(`${img.width}\\s*[x×]\\s*${img.height}`))
    }
  }
]

const arrived =
  `<meta name="viewport" content="width=device-width">` + "<title>Launch page</title><script>log('arrived')</script>"
const came = (c) => c.waitEvent("arrived", undefined, 5000)
const noSetup = () => []

export const launches = [
  {
    id: "launches.first-open",
    page: arrived,
    setup: noSetup,
    act: (c) => [["open", c.url]],
    effect: came,
    said: (t) => says(t, "Launch page")
  },
  {
    id: "launches.user-agent-flag",
    page: arrived,
    setup: noSetup,
    act: (c) => [["--user-agent", "BenchAgent/7", "open", c.url]],
    effect: (c) => c.until(() => c.hit("", (r) => r.headers["user-agent"] === "BenchAgent/7")),
    said: (t) => says(t, "Launch page")
  },
  {
    id: "launches.viewport",
    page: arrived,
    act: () => [["set", "viewport", "800", "600"]],
    effect: async (c) => {
      const w = await c.eval("innerWidth")
      return saw(w === 800, `innerWidth ${w}`)
    },
    said: (t) => says(t, "800")
  },
  {
    id: "launches.device",
    page: arrived,
    act: () => [["set", "device", "iPhone 14"]],
    effect: async (c) => {
      const w = await c.eval("innerWidth")
      return saw(w > 0 && w < 500, `innerWidth ${w}`)
    },
    said: (t) => says(t, "iPhone")
  },
  {
    id: "launches.dark-media",
    page: arrived,
    act: () => [["set", "media", "dark"]],
    effect: async (c) => {
      const d = await c.eval("matchMedia('(prefers-color-scheme: dark)').matches")
      return saw(d === true, `dark ${d}`)
    },
    said: (t) => says(t, "dark")
  },
  {
    id: "launches.profile-persists",
    page: arrived,
    setup: noSetup,
    act: (c) => [
      ["--profile", c.abs("prof"), "open", c.url],
      ["eval", "localStorage.setItem('seen','yes')"],
      ["close"],
      ["--profile", c.abs("prof"), "open", c.url]
    ],
    effect: async (c) => {
      const v = await c.eval("localStorage.getItem('seen')")
      return saw(v === "yes", `seen ${show(v)}`)
    },
    said: (t, c) => says(c.last, "Launch page")
  },
  {
    id: "launches.stale-profile-lock",
    page: arrived,
    setup: (c) => {
      // Chromium's lock is a symlink to <host>-<pid>: this one names a host and a process that do not exist
      mkdirSync(c.abs("prof2"), { recursive: true })
      if (!existsSync(c.abs("prof2/SingletonLock"))) symlinkSync("otherhost-999999", c.abs("prof2/SingletonLock"))
      return []
    },
    act: (c) => [["--profile", c.abs("prof2"), "open", c.url]],
    effect: came,
    said: (t) => says(t, "Launch page"),
    // the tool's own claim ("in use by another browser"), not Chromium's stderr that the text quotes after it
    wrong: (t) =>
      /in use by another browser/i.test(t) ? "says another browser holds the profile (a stale lock)" : undefined
  },
  {
    id: "launches.missing-executable",
    refusal: true,
    page: arrived,
    setup: noSetup,
    act: (c) => [["--executable-path", "/nonexistent/chrome", "open", c.url]],
    effect: async (c) => saw(!c.has("arrived"), c.has("arrived") ? "the page opened" : "no browser, no page"),
    said: (t) => says(t, /nonexistent|not found|executable|exist/i)
  },
  {
    id: "launches.close-then-open",
    page: arrived,
    act: (c) => [["close"], ["open", c.url]],
    effect: (c) => c.until(() => c.count("arrived") >= 2, 5000),
    said: (t, c) => says(c.last, "Launch page")
  },
  {
    id: "launches.state-flag",
    page: `<title>Restored</title>`,
    setup: (c) => {
      writeFileSync(c.abs("st.json"), stateFile(c.origin, "tok", "from-state"))
      return []
    },
    act: (c) => [["--state", c.rel("st.json"), "open", c.url]],
    effect: async (c) => {
      const v = await c.eval("localStorage.getItem('tok')")
      return saw(v === "from-state", `tok ${show(v)}`)
    },
    said: (t) => says(t, "Restored")
  }
].map((k) => ({ ...k, fresh: true, timeoutMs: 30_000 }))
