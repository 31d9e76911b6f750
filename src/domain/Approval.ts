/** Human approval of actions upstream holds with `--confirm-actions`. */
/** Asks the human; resolves true to approve. Absent when pi has no UI (print/json modes). */
export type Approver = (request: { readonly title: string; readonly message: string }) => Promise<boolean>

export interface ApprovalRecord {
  readonly action: string
  readonly confirmationId: string
  readonly asked: boolean
  readonly approved: boolean
}
