/** BinaryLocatorLive: PATH lookup + native-binary preference + one `--version` probe per process. */
import { execFile } from "node:child_process"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Ref from "effect/Ref"
import { MissingBinary } from "../schema/ToolError.js"
import { BinaryLocator, type ResolvedBinary } from "../services/BinaryLocator.js"
import { SUPPORTED_RANGE, ToolConfig } from "../services/ToolConfig.js"
import { findOnPath, nativeBehind, pathDirs } from "../os/nativeBinary.js"

const VERSION_PROBE_TIMEOUT_MS = 10_000

/** The version `path --version` prints; a binary that cannot run or prints none is `not-executable`. */
const probeVersion = (
  path: string,
  env: Readonly<Record<string, string | undefined>>,
  searched: ReadonlyArray<string>
) =>
  Effect.async<string, MissingBinary>((resume) => {
    const child = execFile(
      path,
      ["--version"],
      { timeout: VERSION_PROBE_TIMEOUT_MS, env: env as NodeJS.ProcessEnv },
      (error, stdout) => {
        const match = /(\d+\.\d+\.\d+\S*)/.exec(String(stdout))
        if (match?.[1] !== undefined) resume(Effect.succeed(match[1]))
        else {
          const detail = error?.message ?? `unexpected --version output: ${String(stdout).slice(0, 200)}`
          resume(
            Effect.fail(
              new MissingBinary({
                reason: "not-executable",
                searched,
                supportedRange: SUPPORTED_RANGE.label,
                detail: `${path}: ${detail}`
              })
            )
          )
        }
      }
    )
    return Effect.sync(() => {
      child.kill("SIGKILL")
    })
  })

export const isSupportedVersion = (version: string): boolean => {
  const [major, minor] = version.split(".").map((n) => Number.parseInt(n, 10))
  return major === SUPPORTED_RANGE.major && minor === SUPPORTED_RANGE.minor
}

export const BinaryLocatorLive: Layer.Layer<BinaryLocator, never, ToolConfig> = Layer.effect(
  BinaryLocator,
  Effect.gen(function* () {
    const config = yield* ToolConfig
    const cache = yield* Ref.make(Option.none<ResolvedBinary>())
    const searched = pathDirs(config.env["PATH"])

    const locate = Effect.gen(function* () {
      const entry = findOnPath(config.env["PATH"])[0]
      if (entry === undefined) {
        return yield* new MissingBinary({ reason: "not-found", searched, supportedRange: SUPPORTED_RANGE.label })
      }
      const native = nativeBehind(entry)
      const path = native ?? entry
      const version = yield* probeVersion(path, config.env, searched)
      if (!isSupportedVersion(version)) {
        return yield* new MissingBinary({
          reason: "unsupported-version",
          searched,
          foundVersion: version,
          supportedRange: SUPPORTED_RANGE.label,
          detail: path
        })
      }
      const resolved: ResolvedBinary = { path, foundOnPath: entry, viaLauncher: native === undefined, version }
      yield* Ref.set(cache, Option.some(resolved))
      return resolved
    })

    return BinaryLocator.of({
      resolve: Effect.flatMap(Ref.get(cache), Option.match({ onNone: () => locate, onSome: Effect.succeed }))
    })
  })
)
