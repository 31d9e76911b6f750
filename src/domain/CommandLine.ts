/** An upstream command line split into global flags and the command's own tokens. */
export interface FlagOccurrence {
  readonly flag: string
  readonly value?: string
  /** Index of the flag token in the original argv. */
  readonly index: number
}

export interface CommandLine {
  readonly argv: ReadonlyArray<string>
  /** Global flags in order of appearance, with their values. */
  readonly flags: ReadonlyArray<FlagOccurrence>
  /** The command and its own arguments, global flags removed. */
  readonly positionals: ReadonlyArray<string>
  readonly command: string | undefined
  readonly subcommand: string | undefined
}
