export declare const REPO: string
export declare const NATIVE_BINARY: string
export declare const REFERENCE_PATH: string
export declare const POLICY_SOURCES: ReadonlyArray<string>
export declare function readPolicySource(): string
export type Help = (args: ReadonlyArray<string>) => string
export declare function withHelp<A>(fn: (help: Help) => A, binary?: string): A
export declare function versionOf(text: string): string
export declare function titleOf(text: string): { readonly command: string; readonly summary: string } | undefined
export interface Overview {
  readonly families: ReadonlyArray<{ readonly name: string; readonly entries: ReadonlyArray<{ readonly usage: string; readonly summary: string }>; readonly notes: ReadonlyArray<string> }>
  readonly flagGroups: ReadonlyArray<{ readonly name: string; readonly flags: ReadonlyArray<string> }>
}
export declare function parseOverview(text: string): Overview
export declare function overviewCommands(overview: Overview): Array<string>
export declare function policyCommandNames(source: string): Array<string>
export declare function policySubcommandNames(source: string): Readonly<Record<string, ReadonlyArray<string>>>
export interface ReferenceIndex {
  readonly version: string | undefined
  readonly commands: Array<string>
  readonly aliases: Array<{ readonly alias: string; readonly command: string }>
  readonly extra: Array<string>
  readonly subcommands: Readonly<Record<string, ReadonlyArray<string>>>
  readonly globalFlags: Array<string>
}
export declare function readReferenceIndex(doc: string): ReferenceIndex
export declare function generated(): { readonly doc: string; readonly flags: string; readonly pages: number }
