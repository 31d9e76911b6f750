/**
 * A planned call under the security policy: the policy this call runs under (and its content nonce) attached to the
 * plan, and every rule decidable before a process runs checked: blocked schemes, model script when eval is denied,
 * secret placement and names, and upload paths (real paths, symlinks resolved) under `uploadRoots`.
 */
import { realpathSync } from "node:fs"
import { isAbsolute, resolve, sep } from "node:path"
import * as Effect from "effect/Effect"
import type { Plan } from "../../domain/Plan.js"
import type { SecurityPolicy } from "../../schema/SecurityPolicy.js"
import { InvalidInput, PolicyBlocked } from "../../schema/ToolError.js"
import { Security } from "../../services/Security.js"
import { policySteps } from "../../security/preflight.js"
import { preflight, uploadPaths } from "../../security/preflight.js"

const underRoot = (path: string, roots: ReadonlyArray<string>): boolean =>
  roots.some((root) => path === root || path.startsWith(root.endsWith(sep) ? root : root + sep))

/**
 * A file an upload would send that does not exist is refused under every policy: the browser would hand the page an
 * empty file of that name, and upstream would call it uploaded.
 */
const uploadRefusal = (policy: SecurityPolicy, plan: Plan, path: string): PolicyBlocked | InvalidInput | undefined => {
  const roots = policy.rules.uploadRoots
  const absolute = isAbsolute(path) ? path : resolve(plan.cwd, path)
  let real: string
  try {
    real = realpathSync(absolute)
  } catch {
    const where = roots !== undefined ? ` under ${roots.join(", ")}` : ""
    return new InvalidInput({
      field: "args",
      detail:
        `upload file ${path} does not exist${path === absolute ? "" : ` (resolved ${absolute})`}; ` +
        `nothing was sent. Give an existing file${where}.`
    })
  }
  if (roots === undefined) return undefined
  return underRoot(real, roots)
    ? undefined
    : new PolicyBlocked({
        detail: `upload reads only files under ${roots.join(", ")}; ${path} resolves to ${real}`,
        violation: { rule: "uploadRoots", subject: real, preset: policy.preset, source: policy.sources.uploadRoots }
      })
}

/** The plan with its policy attached, or the refusal (nothing has run). */
export const checkPlan = (plan: Plan, where: { readonly cwd: string; readonly projectTrusted: boolean }) =>
  Effect.gen(function* () {
    const security = yield* Security
    const policy = yield* security.resolve(where)
    const contentNonce = policy.rules.contentBoundaries ? yield* security.nonce : undefined
    const planned: Plan = { ...plan, security: policy, ...(contentNonce !== undefined ? { contentNonce } : {}) }
    const steps = policySteps(plan)
    const plainStdin = plan.compiled.mode === "args" && plan.line.command !== "batch" ? plan.stdin : undefined
    const refusal = preflight(policy, steps, plainStdin)
    if (refusal?.kind === "unknown-secret") {
      return yield* new InvalidInput({
        field: "secrets",
        detail:
          `no secret named ${refusal.name} is configured` +
          (refusal.known.length > 0 ? ` (configured: ${refusal.known.join(", ")})` : "") +
          "; a human adds it to the `secrets` config (see doctor)."
      })
    }
    if (refusal?.kind === "blocked")
      return yield* new PolicyBlocked({ detail: refusal.message, violation: refusal.violation })
    for (const path of uploadPaths(steps)) {
      const refused = uploadRefusal(policy, plan, path)
      if (refused !== undefined) return yield* refused
    }
    return planned
  })
