/** Where a command runs: the planned call's global flags (`--json`, `--session`, launch flags), env and cwd. */
export interface SessionTarget {
  readonly prefix: ReadonlyArray<string>
  readonly env: Readonly<Record<string, string>>
  readonly cwd: string | undefined
  /** How the reply is read: `inspection` commands print plain text. */
  readonly kind: "browser" | "sessionless" | "inspection"
}
