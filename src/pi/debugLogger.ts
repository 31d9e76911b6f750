/**
 * The pi graph's logger. The tool logs every failure it recovers from, with its cause: best-effort reads at debug
 * level, cleanups that did not finish at warning level. pi gives extensions no log channel and its TUI owns the
 * terminal, so nothing is written unless `PI_AGENT_BROWSER_DEBUG` is set: to a file path (logfmt lines appended; the
 * choice for interactive pi), or to `1` (standard error; for print and RPC modes). Every line passes the Redactor
 * first, so a secret the tool has learned never reaches the log.
 */
import { appendFileSync } from "node:fs"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Logger from "effect/Logger"
import * as LogLevel from "effect/LogLevel"
import { Redactor } from "../services/Redactor.js"

export const DEBUG_VARIABLE = "PI_AGENT_BROWSER_DEBUG"

/** Where the log goes: nowhere (unset, empty, `0`, `false`), standard error (`1`, `true`), or a file. */
export const debugTarget = (value: string | undefined): "off" | "stderr" | { readonly file: string } => {
  const target = (value ?? "").trim()
  if (target === "" || target === "0" || target === "false") return "off"
  return target === "1" || target === "true" ? "stderr" : { file: target }
}

/** Replaces the default logger: silent, or every level from debug up as scrubbed logfmt lines. */
export const debugLogger = (env: Readonly<Record<string, string | undefined>>): Layer.Layer<never, never, Redactor> => {
  const target = debugTarget(env[DEBUG_VARIABLE])
  if (target === "off") return Logger.replace(Logger.defaultLogger, Logger.none)
  const write =
    target === "stderr"
      ? (line: string) => void process.stderr.write(line)
      : (line: string) => appendFileSync(target.file, line)
  return Layer.unwrapEffect(
    Effect.map(Redactor, (redactor) => {
      const logger = Logger.map(Logger.logfmtLogger, (line) => {
        try {
          write(`${Effect.runSync(redactor.scrubText(line))}\n`)
        } catch {
          // a log that cannot be written must not fail the call it describes
        }
      })
      return Layer.merge(Logger.replace(Logger.defaultLogger, logger), Logger.minimumLogLevel(LogLevel.Debug))
    })
  )
}
