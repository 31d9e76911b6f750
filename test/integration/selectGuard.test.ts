/**
 * `select` asking for a disabled option, on the real agent-browser 0.41.2 (issue #45, bench:cases
 * selects.disabled-option): upstream sets the select to the disabled option and answers `Selected ["drone"]`. The tool
 * refuses it before the select runs (by value and by label), and the page keeps its value and gets no change event;
 * an enabled option is selected as before, also where upstream's last match is an enabled one. Judged on the page's
 * own state, read with the raw binary.
 */
import { describe, expect, it } from "vitest"
import { textOf } from "../support/harness.js"
import { liveWorld } from "../support/liveWorld.js"
import { rawEval } from "../support/rawPage.js"
import { servedHtml } from "../support/servedPages.js"

const live = liveWorld({
  files: {
    "/ship.html": servedHtml(
      `<!doctype html><title>Ship</title><label>Shipping <select id="s" onchange="changes.push(this.value)">
<option value="std">Standard</option><option value="fast">Express</option>
<option value="drone" disabled>Drone</option></select></label><script>window.changes = []</script>
<select id="t"><option value="Drone">Express</option><option value="drone" disabled>Drone</option></select>
<select id="u"><option value="a" disabled>Alpha</option><option value="b">a</option></select>
<select id="g"><option value="std">Standard</option><optgroup label="Air" disabled><option value="drone">Drone</option>
</optgroup></select>`
    )
  }
})

describe("select asking for a disabled option (#45)", () => {
  it("is refused by value and by label, the page unchanged; an enabled option is selected", async () => {
    const session = await live.openedSession("/ship.html")
    const page = () => rawEval(live.world, session, "JSON.stringify([s.value, changes])") as string
    // before: `Selected ["drone"] in #s`, and the select held drone
    const byValue = await live.tool.call({ args: ["select", "#s", "drone"] })
    expect(byValue.isError).toBe(true)
    expect(byValue.details.failureCategory).toBe("upstream-error")
    expect(textOf(byValue)).toContain(
      'Option drone ("Drone") of #s is disabled: nothing was selected (the select was not sent; #s still shows ' +
        '"Standard"). A user cannot pick a disabled option, and a form does not send its value. Enabled options: ' +
        'std ("Standard"), fast ("Express").'
    )
    expect(page()).toBe('["std",[]]')
    const byLabel = await live.tool.call({ args: ["select", "#s", "Drone"] })
    expect(textOf(byLabel)).toContain('Option drone ("Drone") of #s is disabled: nothing was selected')
    expect(page()).toBe('["std",[]]')
    const enabled = await live.tool.call({ args: ["select", "#s", "Express"] })
    expect(enabled.isError, textOf(enabled)).toBe(false)
    expect(textOf(enabled)).toBe('Selected ["Express"] in #s')
    expect(page()).toBe('["fast",["fast"]]')
    // upstream selects every option whose value or label is asked, so a single select ends on the last match
    const raw = (js: string) => rawEval(live.world, session, js)
    const last = await live.tool.call({ args: ["select", "#t", "Drone"] })
    expect(textOf(last)).toContain('Option drone ("Drone") of #t is disabled: nothing was selected')
    expect(raw("t.value")).toBe("Drone")
    expect(textOf(await live.tool.call({ args: ["select", "#u", "a"] }))).toBe('Selected ["a"] in #u')
    expect(raw("u.value")).toBe("b")
    // an option disabled by its group: the group is named (it read as if the option itself were disabled)
    const grouped = await live.tool.call({ args: ["select", "#g", "drone"] })
    expect(textOf(grouped)).toContain(
      'Option drone ("Drone", in the disabled group "Air") of #g is disabled: nothing was selected'
    )
    expect(raw("g.value")).toBe("std")
  }, 60_000)

  it("a ref from the snapshot is refused the same way; an enabled option by ref is selected", async () => {
    const opened = await live.tool.call({ args: ["open", `${live.site.origin}/ship.html`] })
    const session = opened.details.sessionName ?? ""
    const raw = (js: string) => rawEval(live.world, session, js)
    const snapshot = textOf(await live.tool.call({ args: ["snapshot", "-i"] }))
    const ref = /combobox "Shipping" \[[^\]]*ref=(e\d+)/.exec(snapshot)?.[1]
    expect(ref, snapshot).toBeDefined()
    // before: `Selected ["drone"] in @e3`, and the select held drone
    const refused = await live.tool.call({ args: ["select", `@${ref}`, "drone"] })
    expect(refused.details.failureCategory, textOf(refused)).toBe("upstream-error")
    expect(textOf(refused)).toContain(
      `Option drone ("Drone") of @${ref} is disabled: nothing was selected (the select was not sent; @${ref} still ` +
        'shows "Standard").'
    )
    expect(raw("JSON.stringify([s.value, changes])")).toBe('["std",[]]')
    const enabled = await live.tool.call({ args: ["select", `@${ref}`, "fast"] })
    expect(enabled.isError, textOf(enabled)).toBe(false)
    expect(textOf(enabled)).toBe(`Selected ["fast"] in @${ref}`)
    expect(raw("JSON.stringify([s.value, changes])")).toBe('["fast",["fast"]]')
    // a job's select step: refused the same way, the page unchanged (before: '✓ 1/1 steps', the select held drone)
    const job = await live.tool.call({ job: { steps: [{ action: "select", selector: "#s", values: ["drone"] }] } })
    expect(job.details.failureCategory, textOf(job)).toBe("upstream-error")
    expect(textOf(job)).toContain('Option drone ("Drone") of #s is disabled: nothing was selected')
    expect(raw("JSON.stringify([s.value, changes])")).toBe('["fast",["fast"]]')
  }, 60_000)
})
