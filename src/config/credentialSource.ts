/**
 * Credential sources: where a secret comes from, kept separate from the secret itself. A config string is one of
 * - `$NAME` or `${NAME}`: the environment variable NAME (the whole string; there is no partial interpolation);
 * - `!command`: the trimmed stdout of `command`, run through `/bin/sh -c` only when {@link resolveCredential} runs
 *   (never at load or registration), with a timeout;
 * - `\$text`, `\!text`, `\\text`: the literal text after the backslash (so a key may start with `$` or `!`);
 * - anything else: the literal value (plaintext).
 * Parsing and {@link isConfigured} never run a command. Errors name the source by its label (a config key or an
 * environment variable name) and kind, never by its value or command text, and the resolved value is `Redacted`.
 */
import * as Command from "@effect/platform/Command"
import type * as CommandExecutor from "@effect/platform/CommandExecutor"
import * as Schema from "effect/Schema"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import * as Stream from "effect/Stream"

export type CredentialSource =
  | { readonly kind: "plain"; readonly value: string }
  | { readonly kind: "env"; readonly name: string }
  | { readonly kind: "command"; readonly command: string }

/** A source together with the name users know it by (`webSearch.exaApiKey`, `EXA_API_KEY`). */
export interface LabeledSource {
  readonly label: string
  readonly source: CredentialSource
}

/** Default ceiling for a `!command` source (a password manager may prompt a daemon). */
export const COMMAND_TIMEOUT_MS = 10_000

const ENV_REF = /^\$(?:([A-Za-z_][A-Za-z0-9_]*)|\{([A-Za-z_][A-Za-z0-9_]*)\})$/

export const parseCredentialSource = (raw: string): CredentialSource => {
  if (/^\\[$!\\]/.test(raw)) return { kind: "plain", value: raw.slice(1) }
  const env = ENV_REF.exec(raw)
  if (env !== null) return { kind: "env", name: (env[1] ?? env[2]) as string }
  if (raw.startsWith("!")) return { kind: "command", command: raw.slice(1).trim() }
  return { kind: "plain", value: raw }
}

/**
 * Whether the source can plausibly yield a value, decided without running anything: a non-empty literal, a set
 * environment variable, or a non-empty command (which is only run when the tool executes).
 */
export const isConfigured = (source: CredentialSource, env: Readonly<Record<string, string | undefined>>): boolean => {
  switch (source.kind) {
    case "plain":
      return source.value.trim() !== ""
    case "env":
      return (env[source.name] ?? "").trim() !== ""
    case "command":
      return source.command !== ""
  }
}

/** How the source is described to users and models: its kind and, for env sources, the variable name. */
export const describeSource = (labeled: LabeledSource): string => {
  const { label, source } = labeled
  switch (source.kind) {
    case "plain":
      return `${label} (plaintext value)`
    case "env":
      return label === source.name ? `environment variable ${label}` : `${label} (environment variable ${source.name})`
    case "command":
      return `${label} (command source)`
  }
}

/** A source could not produce a value. Carries the label and the reason, never the value or the command text. */
export class CredentialUnavailable extends Schema.TaggedError<CredentialUnavailable>()("CredentialUnavailable", {
  label: Schema.String,
  kind: Schema.Literal("plain", "env", "command"),
  reason: Schema.Literal("empty", "env-missing", "command-failed", "command-timeout", "command-not-started"),
  envName: Schema.optionalWith(Schema.String, { exact: true }),
  exitCode: Schema.optionalWith(Schema.Number, { exact: true }),
  timeoutMs: Schema.optionalWith(Schema.Number, { exact: true })
}) {
  override get message(): string {
    switch (this.reason) {
      case "empty":
        return `${this.label} is empty`
      case "env-missing":
        return `${this.label}: environment variable ${this.envName ?? ""} is not set`
      case "command-failed":
        return `${this.label}: the command source exited with code ${this.exitCode ?? "?"} or printed nothing`
      case "command-timeout":
        return `${this.label}: the command source did not finish within ${this.timeoutMs ?? COMMAND_TIMEOUT_MS} ms`
      case "command-not-started":
        return `${this.label}: the command source could not be started`
    }
  }
}

export interface ResolveOptions {
  readonly env: Readonly<Record<string, string | undefined>>
  readonly timeoutMs?: number
  readonly cwd?: string
}

const nonEmpty = (
  labeled: LabeledSource,
  value: string | undefined,
  reason: CredentialUnavailable["reason"],
  envName?: string
) =>
  value !== undefined && value.trim() !== ""
    ? Effect.succeed(Redacted.make(value.trim()))
    : Effect.fail(
        new CredentialUnavailable({
          label: labeled.label,
          kind: labeled.source.kind,
          reason,
          ...(envName !== undefined ? { envName } : {})
        })
      )

/** Runs the command through the shell in its own process group; the group is ended on timeout or interruption. */
const runCommand = (labeled: LabeledSource, command: string, options: ResolveOptions) => {
  const timeoutMs = options.timeoutMs ?? COMMAND_TIMEOUT_MS
  const fail = (reason: CredentialUnavailable["reason"], extra: { exitCode?: number; timeoutMs?: number } = {}) =>
    new CredentialUnavailable({ label: labeled.label, kind: "command", reason, ...extra })
  const env = Object.fromEntries(Object.entries(options.env).filter((e): e is [string, string] => e[1] !== undefined))
  // stdin stays a closed pipe: pi's terminal belongs to pi, and a source that prompts should fail, not hang.
  let cmd = Command.make("/bin/sh", "-c", command).pipe(Command.env(env))
  if (options.cwd !== undefined) cmd = Command.workingDirectory(cmd, options.cwd)
  return Effect.scoped(
    Effect.gen(function* () {
      const proc = yield* Command.start(cmd)
      // The platform finalizer waits for exit after SIGTERM; a child that ignores it must not hang the tool.
      yield* Effect.addFinalizer(() =>
        proc.isRunning.pipe(
          Effect.flatMap((running) =>
            running
              ? proc.kill("SIGTERM").pipe(
                  Effect.timeout("1 second"),
                  Effect.catchAll(() => proc.kill("SIGKILL"))
                )
              : Effect.void
          ),
          Effect.ignore
        )
      )
      const [stdout, exitCode] = yield* Effect.all(
        [proc.stdout.pipe(Stream.decodeText(), Stream.mkString), proc.exitCode, proc.stderr.pipe(Stream.runDrain)],
        { concurrency: "unbounded" }
      )
      return { stdout, exitCode: Number(exitCode) }
    })
  ).pipe(
    Effect.mapError(() => fail("command-not-started")),
    Effect.timeoutFail({
      duration: Duration.millis(timeoutMs),
      onTimeout: () => fail("command-timeout", { timeoutMs })
    }),
    Effect.flatMap(({ exitCode, stdout }) =>
      exitCode === 0 && stdout.trim() !== ""
        ? Effect.succeed(Redacted.make(stdout.trim()))
        : Effect.fail(fail("command-failed", { exitCode }))
    )
  )
}

/** Resolves a source to its value. Only here do `!command` sources run. */
export const resolveCredential = (
  labeled: LabeledSource,
  options: ResolveOptions
): Effect.Effect<Redacted.Redacted<string>, CredentialUnavailable, CommandExecutor.CommandExecutor> => {
  const { source } = labeled
  switch (source.kind) {
    case "plain":
      return nonEmpty(labeled, source.value, "empty")
    case "env":
      return nonEmpty(labeled, options.env[source.name], "env-missing", source.name)
    case "command":
      return source.command === ""
        ? nonEmpty(labeled, undefined, "empty")
        : runCommand(labeled, source.command, options)
  }
}
