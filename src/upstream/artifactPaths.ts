/**
 * Which upstream commands write files, of what kind, and where the caller asked for them: screenshot, pdf,
 * download, wait --download, state save, diff screenshot --output, trace/profiler stop, record start/restart/stop,
 * network har stop, network request <id> --save <path> (the tool writes that one: program/artifacts/responseBody.ts).
 * Pure. Used to resolve relative paths against the pi cwd, to create parent directories first, and
 * to verify the files afterwards.
 */
import type { CommandLine } from "../domain/CommandLine.js"

export type ArtifactKind =
  | "screenshot"
  | "pdf"
  | "download"
  | "state"
  | "diff-image"
  | "trace"
  | "profile"
  | "recording"
  | "har"
  | "response-body"

export interface ArtifactRequest {
  readonly kind: ArtifactKind
  /** Index into `line.positionals` of the requested path, when the caller gave one. */
  readonly pathIndex: number | undefined
  /** `record start/restart`: the file appears only after `record stop`. */
  readonly pending: boolean
  /** `record stop`: completes the session's pending recording. */
  readonly completesRecording: boolean
}

const IMAGE = /\.(png|jpe?g|webp)$/i

const positionalAfter = (p: ReadonlyArray<string>, index: number): number | undefined => {
  const next = p[index + 1]
  return index >= 0 && next !== undefined && !next.startsWith("-") ? index + 1 : undefined
}

export const artifactRequest = (line: CommandLine): ArtifactRequest | undefined => {
  const p = line.positionals
  const [command, sub] = p
  const at = (
    kind: ArtifactKind,
    pathIndex: number | undefined,
    pending = false,
    completesRecording = false
  ): ArtifactRequest => ({ kind, pathIndex, pending, completesRecording })
  switch (command) {
    case "screenshot": {
      const last = p.length - 1
      const index = p.findIndex(
        (t, i) => i > 0 && !t.startsWith("-") && (IMAGE.test(t) || (i === last && !t.startsWith("@") && /[/.]/.test(t)))
      )
      return at("screenshot", index > 0 ? index : undefined)
    }
    case "pdf":
      return at("pdf", p.length > 1 && !(p[1] ?? "").startsWith("-") ? 1 : undefined)
    case "download":
      return at("download", p.length > 2 ? 2 : undefined)
    case "wait":
      return p.includes("--download") ? at("download", positionalAfter(p, p.indexOf("--download"))) : undefined
    case "state":
      return sub === "save" ? at("state", p.length > 2 ? 2 : undefined) : undefined
    case "diff": {
      if (sub !== "screenshot") return undefined
      const o = p.findIndex((t) => t === "-o" || t === "--output")
      return at("diff-image", o >= 0 ? positionalAfter(p, o) : undefined)
    }
    case "trace":
      return sub === "stop" ? at("trace", positionalAfter(p, 1)) : undefined
    case "profiler":
      return sub === "stop" ? at("profile", positionalAfter(p, 1)) : undefined
    case "record":
      if (sub === "start" || sub === "restart") return at("recording", positionalAfter(p, 1), true)
      return sub === "stop" ? at("recording", undefined, false, true) : undefined
    case "network":
      if (sub === "request" && p.includes("--save")) return at("response-body", positionalAfter(p, p.indexOf("--save")))
      return sub === "har" && p[2] === "stop" ? at("har", positionalAfter(p, 2)) : undefined
    default:
      return undefined
  }
}

/** Index into `line.positionals` of the requested output path, if the command has one. */
export const requestedPathIndex = (line: CommandLine): number | undefined => artifactRequest(line)?.pathIndex
