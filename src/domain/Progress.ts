/** Per-step progress of a job/qa run, reported while the call runs (pi's onUpdate). */
export interface StepProgress {
  readonly step: number
  readonly total: number
  readonly command: ReadonlyArray<string>
  readonly success: boolean
}

export type ProgressSink = (progress: StepProgress) => void
