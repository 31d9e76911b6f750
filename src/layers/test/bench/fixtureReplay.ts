/**
 * Replaying a recorded agent-browser invocation through the whole tool over FakeAgentBrowser: the input the tool is
 * called with, and the script that answers each upstream process it starts with the recorded reply. Used by the
 * fixture replay test and by the deterministic benchmark (model-visible bytes and tool overhead per call).
 */
import { FakeAgentBrowser, type ScriptedRun } from "../FakeAgentBrowser.js"

/** One recorded invocation (test/fixtures/agent-browser-0.41.2.json). */
export interface Fixture {
  readonly argv: ReadonlyArray<string>
  readonly stdin?: string
  readonly exitCode: number
  readonly stdout: string
  readonly stderr: string
}

/**
 * `open … --timeout 3000` was recorded to show upstream ignores it; the tool refuses such a flag (flagCheck.test.ts).
 */
const withoutIgnoredTimeout = (argv: ReadonlyArray<string>): ReadonlyArray<string> =>
  argv.includes("open") && argv.includes("--timeout")
    ? argv.filter((a, i) => a !== "--timeout" && argv[i - 1] !== "--timeout")
    : argv

/** The tool input that makes the tool run the recorded command. */
export const replayInput = (fixture: Fixture): { readonly args: ReadonlyArray<string>; readonly stdin?: string } => {
  const args = withoutIgnoredTimeout(fixture.argv).filter((a) => a !== "--json")
  return {
    args,
    ...(fixture.stdin !== undefined && (args.includes("batch") || args.includes("eval"))
      ? { stdin: fixture.stdin }
      : {})
  }
}

/** The upstream script answering every process the tool starts for the recorded command. */
export const replayScript = (fixture: Fixture): ReadonlyArray<ScriptedRun> => {
  const { args } = replayInput(fixture)
  return [
    // the post-click page read of a navigating click
    {
      when: (r) => r.args.includes("eval") && r.stdin?.includes("location.href") === true,
      reply: FakeAgentBrowser.ok({ result: { title: "T", url: "http://127.0.0.1:8765/" } }),
      repeat: true
    },
    // a command the tool runs inside a batch with its page read (scroll, get text): the recorded reply as its row
    {
      when: (r) => r.args.includes("batch") && !args.includes("batch"),
      reply: { exitCode: fixture.exitCode, stdout: asBatchRow(args, fixture.stdout), stderr: fixture.stderr },
      repeat: true
    },
    // a caller's batch runs one upstream process per step: each recorded row as that step's own reply
    ...(args.includes("batch") ? stepReplies(fixture.stdout) : []),
    { reply: { exitCode: fixture.exitCode, stdout: fixture.stdout, stderr: fixture.stderr }, repeat: true }
  ]
}

/** The guard step before a fill (page/fillGuard.ts) on a field that is no slider. */
const FILL_GUARD_ROW = { command: ["eval", "guard"], success: true, result: { result: true }, error: null }

/** A recorded batch reply's rows, in order, each as the envelope of the one step it answers. */
const stepReplies = (stdout: string): ReadonlyArray<ScriptedRun> => {
  let rows: ReadonlyArray<{ command: ReadonlyArray<string>; success: boolean; result: unknown; error: string | null }>
  try {
    rows = JSON.parse(stdout) as typeof rows
  } catch {
    return []
  }
  // a fill step runs after its guard (page/fillGuard.ts: no slider here) with its read-back in one batch process (the
  // read-back row is absent: nothing is judged)
  const answers = (args: ReadonlyArray<string>, command: ReadonlyArray<string>) =>
    command.every((t, i) => args[args.length - command.length + i] === t)
  return rows.map((row) => ({
    // by command, and again for a step that is retried while its target is missing
    when: (r) =>
      answers(r.args, row.command) ||
      (r.args.includes("batch") && r.stdin?.includes(JSON.stringify(row.command)) === true),
    repeat: true,
    reply:
      row.command[0] === "fill"
        ? { exitCode: row.success ? 0 : 1, stdout: JSON.stringify([FILL_GUARD_ROW, row]) }
        : row.success
          ? FakeAgentBrowser.ok(row.result)
          : FakeAgentBrowser.fail(row.error ?? "")
  }))
}

/** A recorded single-command envelope as the one row of a batch reply (the probe rows are absent: no diagnostic). */
const asBatchRow = (args: ReadonlyArray<string>, stdout: string): string => {
  let envelope: { success: boolean; data: unknown; error: string | null; code?: string }
  try {
    envelope = JSON.parse(stdout) as typeof envelope
  } catch {
    return stdout
  }
  // a launch or connect failure (no `data`, no `type`) comes before any step runs: a batch answers it outside any row
  if (envelope === null || typeof envelope !== "object") return stdout
  if (!("data" in envelope) && !("type" in envelope)) return stdout
  const command = args.filter((a, i) => a !== "--session" && args[i - 1] !== "--session")
  // upstream's rows carry the envelope's `code` too (an open whose answer never came: outcome_unknown)
  return JSON.stringify([
    {
      command,
      success: envelope.success,
      result: envelope.data,
      error: envelope.error,
      ...(envelope.code !== undefined ? { code: envelope.code } : {})
    }
  ])
}
