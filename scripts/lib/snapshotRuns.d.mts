export declare function expandRuns(text: string): string
