/**
 * Processes started ahead for `startsAhead` requests: at most one per request (binary, args, env, cwd) and a few in
 * all, each idle until a run takes it (its stdin is written then) or it is ended (evicted, idle too long, the layer
 * ends, or its binary or a file it read at start-up changed since: it is then not used). A process that is idle
 * waits for stdin only: ending its stdin or signalling it cannot act on a browser. If this process dies without
 * ending them, their stdin closes and they exit on the empty input.
 */
import type { ChildProcess } from "node:child_process"
import { statSync } from "node:fs"
import type { RunRequest } from "../../services/ProcessRunner.js"

/**
 * Started ahead on a timer set when the previous identical run closed: it fires once the call that ran it has done the
 * rest of its work (a warm click or get url never waits on a timer after its process, so the spawn comes after the
 * call's end, checked with strace), and before a call that comes straight after it. A call whose rest waits (a second
 * process) takes the spawn during that wait. 25 ms before: a call within 25 ms of the previous one found no process,
 * and the spawn then blocked it (back to back, tool and raw CLI alternating: get url 1.27x → 0.74x of the raw CLI).
 */
export const AHEAD_DELAY_MS = 0
/** An idle process older than this is ended (a session nobody calls does not keep one). */
export const AHEAD_IDLE_MS = 5 * 60_000
/** Processes waiting at once, across requests; the oldest is ended for a new one. */
export const AHEAD_MAX = 4

export interface Startable {
  readonly child: ChildProcess
}

const keyOf = (request: RunRequest): string =>
  JSON.stringify([
    request.binary,
    request.args,
    Object.entries(request.env).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    request.cwd ?? ""
  ])

/**
 * What the binary and each start-up file were (inode, size, mtime, or absent), to tell whether one changed since: a
 * binary removed or replaced (an upgrade) is not run from a process that started it before.
 */
const filesNow = (request: RunRequest): string =>
  [request.binary, ...(request.startsAhead?.startupFiles ?? [])]
    .map((path) => {
      try {
        // a missing file (the usual config file) answers without an exception, which costs more than the stat
        const s = statSync(path, { bigint: true, throwIfNoEntry: false })
        return s === undefined ? "-" : `${s.ino}:${s.size}:${s.mtimeNs}`
      } catch {
        return "-"
      }
    })
    .join("|")

const idle = (child: ChildProcess): boolean =>
  child.exitCode === null && child.signalCode === null && child.pid !== undefined

export const makeAheadPool = <S extends Startable>(
  start: (request: RunRequest) => S | undefined,
  end: (started: S) => void
) => {
  const waiting = new Map<string, { readonly started: S; readonly timer: NodeJS.Timeout; readonly files: string }>()
  const timers = new Set<NodeJS.Timeout>()
  let closed = false
  const drop = (key: string): S | undefined => {
    const entry = waiting.get(key)
    if (entry === undefined) return undefined
    waiting.delete(key)
    clearTimeout(entry.timer)
    return entry.started
  }
  const startNow = (key: string, request: RunRequest) => {
    if (closed || waiting.has(key)) return
    const files = filesNow(request)
    const started = start(request)
    if (started === undefined) return
    const oldest = waiting.size >= AHEAD_MAX ? waiting.keys().next().value : undefined
    if (oldest !== undefined) {
      const evicted = drop(oldest)
      if (evicted !== undefined) end(evicted)
    }
    const timer = setTimeout(() => {
      if (drop(key) === started) end(started)
    }, AHEAD_IDLE_MS)
    timer.unref()
    waiting.set(key, { started, timer, files })
    // one that went away by itself is not handed out
    started.child.once("exit", () => {
      if (waiting.get(key)?.started === started) drop(key)
    })
  }
  return {
    /** The process started ahead for this request, if one waits and is still idle (it is no longer pooled). */
    take: (request: RunRequest): S | undefined => {
      if (request.startsAhead === undefined || closed) return undefined
      const key = keyOf(request),
        files = waiting.get(key)?.files
      const started = drop(key)
      if (started === undefined) return undefined
      if (idle(started.child) && files === filesNow(request)) return started
      end(started)
      return undefined
    },
    /** After an identical run closed: start the next one once the call that ran it has done its own work (a timer). */
    prepare: (request: RunRequest): void => {
      if (request.startsAhead === undefined || closed) return
      const timer = setTimeout(() => {
        timers.delete(timer)
        startNow(keyOf(request), request)
      }, AHEAD_DELAY_MS)
      timer.unref()
      timers.add(timer)
    },
    /** Ends every waiting process and starts no more; the processes ended. */
    close: (): ReadonlyArray<S> => {
      closed = true
      timers.forEach(clearTimeout)
      timers.clear()
      const all = [...waiting.keys()].map(drop).filter((s): s is S => s !== undefined)
      all.forEach(end)
      return all
    }
  }
}
