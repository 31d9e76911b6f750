export declare const REPO: string
export declare const PI_CLI: string
export declare const PI_NODE: string
export declare const PI_CLIS: ReadonlyArray<readonly [string, string]>
export declare const PI_OLDEST_AND_NEWEST: ReadonlyArray<readonly [string, string]>
export declare const PI_NEWEST: readonly [string, string]
export type PiStep = { tool: string; args?: Record<string, unknown> } | { text: string } | { followNextAction: string }
export interface PiRun {
  code: number | null
  pid: number
  stderr: string
  events: Array<Record<string, any>>
  env: Record<string, string>
  sessionEntries: () => Array<Record<string, any>>
  /** The system prompt the faux model received on its first turn. */
  systemPrompt: () => string
  /** Each tool as pi's `getAllTools()` reports it on the first turn (annotations from pi 1.5 on). */
  tools: () => ReadonlyArray<{ name: string; annotations?: Record<string, unknown> }> | undefined
}
export declare function piArgs(cli: string, rest: ReadonlyArray<string>): Array<string>
export declare function piEnv(root: string, extra?: Record<string, string>): Record<string, string>
export declare function runPi(options: { root: string; steps: ReadonlyArray<PiStep>; prompt?: string; args?: ReadonlyArray<string>; env?: Record<string, string>; cwd?: string; cli?: string; onEvent?: (event: Record<string, any>, pid: number) => void; timeoutMs?: number }): Promise<PiRun>
export declare function readSessionEntries(root: string): Array<Record<string, any>>
