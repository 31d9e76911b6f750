/**
 * Whether a browser's renderers were busy between two reads of `SystemInfo.getProcessInfo` (the browser target answers
 * it while a page's own thread is held): a script that never returns keeps its renderer near a whole core; a page held
 * by a JavaScript dialog (or waiting on the network) keeps it idle. Pure.
 */

/** CPU seconds per renderer process id, from one `SystemInfo.getProcessInfo` answer; undefined when unreadable. */
export const rendererCpuOf = (reply: unknown): ReadonlyMap<number, number> | undefined => {
  const list = (reply as { processInfo?: unknown } | undefined)?.processInfo
  if (!Array.isArray(list)) return undefined
  const cpu = new Map<number, number>()
  for (const p of list as ReadonlyArray<{ type?: unknown; id?: unknown; cpuTime?: unknown }>) {
    if (p.type === "renderer" && typeof p.id === "number" && typeof p.cpuTime === "number") cpu.set(p.id, p.cpuTime)
  }
  return cpu
}

/** A renderer that used more than this share of one core between the reads is busy (a loaded machine shares it). */
export const BUSY_SHARE = 0.25

/** Whether any renderer was busy between the reads `intervalMs` apart; undefined when either read is missing. */
export const renderersBusy = (
  before: ReadonlyMap<number, number> | undefined,
  after: ReadonlyMap<number, number> | undefined,
  intervalMs: number
): boolean | undefined => {
  if (before === undefined || after === undefined) return undefined
  for (const [pid, cpu] of after) {
    const used = cpu - (before.get(pid) ?? cpu)
    if (used * 1000 >= intervalMs * BUSY_SHARE) return true
  }
  return false
}
