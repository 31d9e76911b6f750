/** What a verbatim snapshot showed the model of a session's page: the base a repeat snapshot is a delta of. */
export interface ShownTree {
  /** The snapshot's flags (`-i`, `-s main`, …): other flags show another tree. */
  readonly flags: string
  readonly origin: string
  readonly lines: ReadonlyArray<string>
}
