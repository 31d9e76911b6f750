/**
 * Input primitives the tool sends itself (issue #42), on the real agent-browser and Chromium: clicks with modifier
 * keys, another button or a double click, at an element and at a point; drops of files and text on a drop zone; the
 * removal of one storage key. Each is checked by what the page itself recorded (its `window.__events`, its storage),
 * read by `eval` apart from the tool's claim, and by the text the tool showed.
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { textOf, valueOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"

const live = liveWorld()
/** Files to drop, in the call's folder: the default policy reads uploads and dropped files only there (SECURITY.md). */
let files = ""

interface PageEvent {
  readonly type: string
  readonly target: string
  readonly button?: number
  readonly detail?: number
  readonly isTrusted: boolean
  readonly ctrlKey?: boolean
  readonly shiftKey?: boolean
  readonly altKey?: boolean
  readonly metaKey?: boolean
  readonly files?: ReadonlyArray<{ name: string; size: number; type: string; text: string }>
  readonly text?: string
}

const call = (args: ReadonlyArray<string>, stdin?: string) =>
  live.tool.call({ args, ...(stdin !== undefined ? { stdin } : {}) })

/** What the page recorded since the last read (it empties its record). */
const pageEvents = async (): Promise<ReadonlyArray<PageEvent>> => {
  const read = await call(["eval", "JSON.stringify(window.__events.splice(0))"])
  expect(read.isError, textOf(read)).toBe(false)
  return JSON.parse(valueOf(read)) as ReadonlyArray<PageEvent>
}

const ofType = (events: ReadonlyArray<PageEvent>, ...types: ReadonlyArray<string>) =>
  events.filter((e) => types.includes(e.type))

const like = (fields: Partial<PageEvent>) => expect.objectContaining(fields)

/** The page opened, and the refs its snapshot gave the button, the pad and the drop zone. */
const openPage = async () => {
  const opened = await call(["open", `${live.site.origin}/input-events.html`])
  expect(opened.isError, textOf(opened)).toBe(false)
  const lines = textOf(await call(["snapshot", "-i"])).split("\n")
  const ref = (name: string) => {
    const line = lines.find((l) => l.includes(`"${name}"`)) ?? ""
    return `@${/\[ref=(e\d+)\]/.exec(line)?.[1] ?? "none"}`
  }
  return { edit: ref("Edit"), pad: ref("Pad"), drop: ref("Drop zone") }
}

describe("input primitives on the real binary", () => {
  it("clicks with modifiers, a right click and double clicks reach the page as trusted events with them", async () => {
    const { edit, pad } = await openPage()
    const ctrl = await call(["click", edit, "--modifiers", "Control,Shift"])
    const clicked = `^Clicked ${edit} \\(button "Edit"\\) with Control\\+Shift at \\(\\d+, \\d+\\)`
    expect(textOf(ctrl)).toMatch(new RegExp(clicked))
    const keys = { ctrlKey: true, shiftKey: true, altKey: false, metaKey: false }
    expect(ofType(await pageEvents(), "click")).toEqual([like({ target: "edit", isTrusted: true, detail: 1, ...keys })])

    const double = await call(["dblclick", edit, "--modifiers", "Alt"])
    expect(textOf(double)).toMatch(new RegExp(`^Double-clicked ${edit} \\(button "Edit"\\) with Alt`))
    const seen = await pageEvents()
    expect(ofType(seen, "click").map((e) => e.detail)).toEqual([1, 2])
    expect(ofType(seen, "dblclick")).toEqual([like({ target: "edit", altKey: true, isTrusted: true })])

    // upstream's own dblclick (no tool flag) is a real dblclick too
    const plain = await call(["dblclick", edit])
    expect(plain.isError, textOf(plain)).toBe(false)
    expect(ofType(await pageEvents(), "dblclick")).toHaveLength(1)

    const right = await call(["click", pad, "--button", "right"])
    expect(textOf(right)).toMatch(new RegExp(`^Clicked ${pad} \\(button "Pad"\\) \\(right button\\) at`))
    const menu = like({ type: "contextmenu", target: "pad", button: 2, isTrusted: true })
    expect(ofType(await pageEvents(), "contextmenu", "click")).toEqual([menu])
  }, 120_000)

  it("refuses an element the top document's point does not reach (inside a frame); the page is unchanged", async () => {
    expect((await call(["open", `${live.site.origin}/iframe.html`])).isError).toBe(false)
    const lines = textOf(await call(["snapshot", "-i"])).split("\n")
    const inner = `@${/\[ref=(e\d+)\]/.exec(lines.find((l) => l.includes('"Press inside"')) ?? "")?.[1] ?? "none"}`
    const refused = await call(["click", inner, "--modifiers", "Shift"])
    expect(refused.details.failureCategory).toBe("validation-error")
    expect(textOf(refused)).toContain(`not ${inner}: it is inside a frame`)
    expect(textOf(refused)).toContain(`Instead: click ${inner} (no modifiers, left button).`)
    expect(valueOf(await call(["get", "text", "#r"]))).toBe("waiting")
  }, 120_000)

  it("clicks and double clicks at a point, with a button and keys", async () => {
    await openPage()
    const { x, y, width, height } = JSON.parse(valueOf(await call(["get", "box", "#pad"]))) as Record<string, number>
    const [px, py] = [String(Math.round((x ?? 0) + (width ?? 0) / 2)), String(Math.round((y ?? 0) + (height ?? 0) / 2))]
    const double = await call(["mouse", "dblclick", px, py])
    expect(textOf(double)).toBe(`Double-clicked at (${px}, ${py})`)
    expect(ofType(await pageEvents(), "dblclick")).toEqual([like({ target: "pad", detail: 2, isTrusted: true })])
    const right = await call(["mouse", "click", px, py, "--button", "right", "--modifiers", "meta"])
    expect(textOf(right)).toBe(`Clicked at (${px}, ${py}) with Meta (right button)`)
    expect(ofType(await pageEvents(), "contextmenu")).toEqual([like({ target: "pad", button: 2, metaKey: true })])
  }, 120_000)

  it("drops files read from disk and text on a drop zone; a drop where nothing accepts it fails", async () => {
    files = join(live.world.root, "drop-files")
    mkdirSync(files, { recursive: true })
    const { drop, edit } = await openPage()
    writeFileSync(join(files, "a.txt"), "hello drop\n")
    writeFileSync(join(files, "b.png"), Buffer.alloc(1234, 7))
    const paths = `${join(files, "a.txt")},${join(files, "b.png")}`
    const dropped = await call(["drop", drop, "--files", paths, "--text", "plain words"])
    expect(textOf(dropped)).toContain(
      `Dropped 2 files and text (11 characters) on ${drop} (region "Drop zone"); the page's drop event carried: ` +
        "a.txt (11 bytes, text/plain), b.png (1234 bytes, image/png)"
    )
    const onDrop = ofType(await pageEvents(), "drop")
    expect(onDrop).toEqual([like({ isTrusted: true, text: "plain words" })])
    const read = onDrop[0]?.files?.map((f) => [f.name, f.size, f.text.slice(0, 10)])
    expect(read).toEqual([
      ["a.txt", 11, "hello drop"],
      ["b.png", 1234, "\u0007".repeat(10)]
    ])

    const refused = await call(["drop", edit, "--text", "x"])
    expect(refused.details.failureCategory).toBe("upstream-error")
    expect(textOf(refused)).toContain("did not accept it")
    expect(ofType(await pageEvents(), "drop")).toEqual([])

    const missing = await call(["drop", drop, "--files", join(files, "nope.txt")])
    expect(missing.details.failureCategory).toBe("validation-error")
  }, 120_000)

  it("removes one localStorage or sessionStorage key, and says when there was none", async () => {
    await openPage()
    await call(["storage", "local", "set", "keep", "1"])
    await call(["storage", "local", "set", "drop-me", "2"])
    await call(["eval", "sessionStorage.setItem('s1', 'v'); true"])
    expect(textOf(await call(["storage", "local", "remove", "drop-me"]))).toBe('Removed "drop-me" from localStorage.')
    const again = await call(["storage", "local", "remove", "drop-me"])
    expect(textOf(again)).toBe('localStorage had no key "drop-me"; nothing was removed.')
    expect(textOf(await call(["storage", "session", "remove", "s1"]))).toBe('Removed "s1" from sessionStorage.')
    const items = "[localStorage.getItem('keep'), localStorage.getItem('drop-me'), sessionStorage.getItem('s1')]"
    expect(JSON.parse(valueOf(await call(["eval", `JSON.stringify(${items})`])))).toEqual(["1", null, null])
  }, 120_000)

  it("works as job and batch steps; a bad modifier is a validation-error before anything runs", async () => {
    await openPage()
    const job = await live.tool.call({
      job: {
        steps: [
          { action: "click", selector: "#edit", press: "Shift" },
          { action: "dblclick", selector: "#pad" },
          { action: "rightclick", selector: "#pad", press: "Control" },
          { action: "drop", selector: "#drop", text: "from a job" }
        ]
      }
    })
    expect(job.isError, textOf(job)).toBe(false)
    expect(textOf(job)).toContain("Dropped text (10 characters) on #drop")
    const seen = await pageEvents()
    expect(ofType(seen, "click").filter((e) => e.target === "edit")).toEqual([like({ shiftKey: true })])
    expect(ofType(seen, "dblclick").filter((e) => e.target === "pad")).toHaveLength(1)
    expect(ofType(seen, "contextmenu")).toEqual([like({ target: "pad", button: 2, ctrlKey: true })])
    expect(ofType(seen, "drop")).toEqual([like({ text: "from a job" })])

    const rows = [
      ["click", "#edit", "--modifiers", "Control"],
      ["storage", "local", "remove", "nothing"]
    ]
    const batch = await call(["batch"], JSON.stringify(rows))
    expect(batch.isError, textOf(batch)).toBe(false)
    expect(ofType(await pageEvents(), "click")).toEqual([like({ ctrlKey: true })])

    const bad = await call(["click", "#edit", "--modifiers", "Hyper"])
    expect(bad.details.failureCategory).toBe("validation-error")
    expect(textOf(bad)).toContain('unknown modifier "Hyper"')
    expect(await pageEvents()).toEqual([])

    const help = await call(["click", "--help"])
    expect(textOf(help)).toContain("Added by the agent_browser tool:\n  click <sel> --modifiers <keys>")
  }, 120_000)
})
