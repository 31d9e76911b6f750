/**
 * A DevTools endpoint for fake-graph tests: the test gives what it exercises (`inspect`, `command`, `crashed`, …);
 * everything else answers nothing (no crash, no profile, no record), at a loopback address nothing listens on.
 */
import * as Effect from "effect/Effect"
import type { BrowserEndpointsShape } from "../../src/services/BrowserEndpoints.js"

export const fakeEndpoints = (
  own: Pick<BrowserEndpointsShape, "inspect" | "command"> & Partial<BrowserEndpointsShape>
): BrowserEndpointsShape => ({
  crashed: () => Effect.succeed(false),
  inProfile: () => Effect.succeed(undefined),
  record: () => Effect.succeed(undefined),
  endpointOf: () => Effect.succeed("http://127.0.0.1:9"),
  check: () => Effect.succeed(undefined),
  forget: () => Effect.void,
  ...own
})
