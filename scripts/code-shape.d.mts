export declare const LIMITS: { readonly fileLines: number; readonly functionLines: number; readonly lineChars: number }
export interface ShapeReport {
  readonly longFiles: ReadonlyArray<{ readonly file: string; readonly lines: number }>
  readonly longFunctions: ReadonlyArray<{ readonly file: string; readonly line: number; readonly name: string; readonly lines: number }>
  readonly longLines: ReadonlyArray<{ readonly file: string; readonly line: number; readonly chars: number }>
}
export declare function measure(root: string): ShapeReport
