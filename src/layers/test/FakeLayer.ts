/** The test kit's composition: the one composition root over a fake agent-browser and an in-memory Electron host. */
import { join } from "node:path"
import type * as Layer from "effect/Layer"
import type { BinaryLocator } from "../../services/BinaryLocator.js"
import type { ElectronHost } from "../../services/ElectronHost.js"
import type { ProcessRunner } from "../../services/ProcessRunner.js"
import type { ToolConfig, ToolConfigShape } from "../../services/ToolConfig.js"
import { makeServicesLayer, type MainServices } from "../MainLive.js"
import { toolConfigDefaults } from "../ToolConfigLive.js"
import { FakeDaemonSocket } from "./FakeDaemonSocket.js"
import { FakeElectronHost } from "./FakeElectronHost.js"
import { FakePermissionGrants } from "./FakePermissionGrants.js"
import type { FakeAgentBrowser } from "./FakeAgentBrowser.js"

/**
 * Every service over a fake agent-browser (and, unless given, `FakeElectronHost.layer()`), with a fake daemon socket
 * (`FakeDaemonSocket.layer()`) and fake permission grants (`FakePermissionGrants.layer()`): deterministic, no
 * processes.
 */
export const makeFakeLayer = <E>(
  fake: Layer.Layer<FakeAgentBrowser | ProcessRunner | BinaryLocator>,
  config: Layer.Layer<ToolConfig, E>,
  electron: Layer.Layer<FakeElectronHost | ElectronHost> = FakeElectronHost.layer()
): Layer.Layer<MainServices | FakeAgentBrowser | FakeElectronHost | FakeDaemonSocket | FakePermissionGrants, E> =>
  makeServicesLayer({
    config,
    processes: fake,
    electron,
    daemonSocket: FakeDaemonSocket.layer(),
    permissionGrants: FakePermissionGrants.layer()
  })

/** The defaults with every folder under `root`, a fake PATH and a one-minute idle timeout, then `overrides`. */
export const fakeConfig = (root: string, overrides: Partial<ToolConfigShape> = {}): ToolConfigShape => {
  const settings: Partial<ToolConfigShape> = {
    socketDir: join(root, "s"),
    idleTimeoutMs: 60_000,
    artifactRoot: join(root, "artifacts"),
    sessionArtifactRoot: join(root, "session-artifacts"),
    env: { PATH: "/fake" },
    ...overrides
  }
  return { ...toolConfigDefaults(settings.env), ...settings }
}
