/**
 * A command family as a predicate, the form every named question of `commandPolicy.ts` and `commandEffects.ts`
 * takes. Names are upstream's: test/unit/commandReference.test.ts reads both files' `new Set([...])` tables.
 */
/** A command-name family as a predicate over a command (the first positional; undefined when there is none). */
export const family =
  (names: ReadonlySet<string>) =>
  (command: string | undefined): command is string =>
    command !== undefined && names.has(command)

/** Subcommands of one command (the second positional), checked against upstream's `<command> --help`. */
export const subcommandsOf = (_command: string, names: ReadonlyArray<string>): ReadonlySet<string> => new Set(names)
