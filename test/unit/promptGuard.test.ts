/**
 * The requested-artifacts close guard: which paths a prompt names, and a close refused (policy-blocked,
 * details.promptGuard, nothing run) until they are on disk; a prompt naming nothing, or only files that already
 * exist, guards nothing.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { FakeAgentBrowser } from "../../src/layers/test/FakeAgentBrowser.js"
import { promptArtifactPaths } from "../../src/pi/promptArtifacts.js"
import { requirePromptArtifacts } from "../../src/program/artifacts/promptGuard.js"
import { runToResult } from "../../src/program/call/ToolCall.js"
import { textOf } from "../support/harness.js"
import { call, fakeLayer, suiteTempRoot } from "../support/fakeHarness.js"

const temp = suiteTempRoot()

describe("promptArtifactPaths", () => {
  it("exact image paths after words asking for a screenshot, resolved against the cwd; URLs, data: URIs, other files and far-off images are not", () => {
    const prompt =
      "Open the app, save a screenshot to shots/home.png and `/tmp/abs shot.png`? No: /tmp/final.JPG. " +
      "Compare with https://example.com/logo.png and data:image/png;base64,xx.png; write notes.md. Also ./b.webp."
    expect(promptArtifactPaths(prompt, "/work/cwd")).toEqual([
      "/tmp/abs shot.png",
      "/work/cwd/shots/home.png",
      "/tmp/final.JPG"
    ])
    expect(promptArtifactPaths("Check the login page.", "/work/cwd")).toEqual([])
    // an image the prompt only mentions is no screenshot to take
    expect(
      promptArtifactPaths(
        "The header shows assets/logo.png too small; fix the CSS and check the page in the browser.",
        "/work/cwd"
      )
    ).toEqual([])
    expect(promptArtifactPaths("Fix assets/logo.png, then capture the page to out/after.png.", "/w")).toEqual([
      "/w/out/after.png"
    ])
  })
})

describe("close guard", () => {
  const closed = FakeAgentBrowser.ok({ closed: true })

  it.scoped(
    "close before the requested screenshot exists is policy-blocked and runs nothing; once it exists, close runs",
    () =>
      Effect.gen(function* () {
        const dir = join(temp.root, "guard")
        mkdirSync(dir, { recursive: true })
        const wanted = join(dir, "proof.png")
        yield* requirePromptArtifacts([wanted])
        const blocked = yield* runToResult({ args: ["close"] }, call)
        expect(blocked.isError).toBe(true)
        expect(blocked.details.failureCategory).toBe("policy-blocked")
        expect(blocked.details.promptGuard).toEqual({
          reason: "requested-artifacts-missing-before-close",
          missingPaths: [wanted],
          summary: expect.stringContaining(wanted)
        })
        expect(textOf(blocked)).toContain("Not closed: ")
        expect(blocked.details.exitCode).toBeUndefined()
        writeFileSync(wanted, "png bytes")
        const done = yield* runToResult({ args: ["close"] }, call)
        expect(done.isError, textOf(done)).toBe(false)
        expect(done.details.promptGuard).toBeUndefined()
      }).pipe(Effect.provide(fakeLayer(temp.root, [{ reply: closed, repeat: true }])))
  )

  it.scoped("a prompt naming a file that already exists, or naming none, guards nothing", () =>
    Effect.gen(function* () {
      const existing = join(temp.root, "baseline.png")
      writeFileSync(existing, "png bytes")
      yield* requirePromptArtifacts([existing])
      expect((yield* runToResult({ args: ["close"] }, call)).isError).toBe(false)
      yield* requirePromptArtifacts([join(temp.root, "never.png")])
      yield* requirePromptArtifacts([])
      expect((yield* runToResult({ args: ["close"] }, call)).isError).toBe(false)
    }).pipe(Effect.provide(fakeLayer(temp.root, [{ reply: closed, repeat: true }])))
  )
})
