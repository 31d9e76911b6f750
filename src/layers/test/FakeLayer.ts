/** The test kit's composition: every live service over a fake agent-browser and an in-memory Electron host. */
import * as Layer from "effect/Layer"
import type { BinaryLocator } from "../../services/BinaryLocator.js"
import type { ElectronHost } from "../../services/ElectronHost.js"
import type { ProcessRunner } from "../../services/ProcessRunner.js"
import type { ToolConfig } from "../../services/ToolConfig.js"
import { ArtifactStoreLive } from "../ArtifactStoreLive.js"
import { BrowserPoolLive } from "../BrowserPoolLive.js"
import { BrowserProcessesLive } from "../BrowserProcessesLive.js"
import { DaemonProbeLive } from "../DaemonProbeLive.js"
import { PresenterLive } from "../PresenterLive.js"
import { RedactorLive } from "../RedactorLive.js"
import { SecurityLive } from "../SecurityLive.js"
import { SessionCommandsLive } from "../SessionCommandsLive.js"
import { SessionLockLive } from "../SessionLockLive.js"
import { SessionRegistryLive } from "../SessionRegistryLive.js"
import { type ElectronHostDriver, ElectronHostTest } from "./ElectronHostTest.js"
import type { FakeAgentBrowser } from "./FakeAgentBrowser.js"

/** Every service over a fake agent-browser (and, unless given, an in-memory Electron host): deterministic, no processes. */
export const makeFakeLayer = <E, X = ElectronHost | ElectronHostDriver>(
  fake: Layer.Layer<FakeAgentBrowser | ProcessRunner | BinaryLocator>,
  config: Layer.Layer<ToolConfig, E>,
  electron: Layer.Layer<X> = ElectronHostTest() as Layer.Layer<never> as Layer.Layer<X>
) =>
  Layer.mergeAll(PresenterLive, SessionCommandsLive, SecurityLive, BrowserPoolLive).pipe(
    Layer.provideMerge(Layer.mergeAll(fake, ArtifactStoreLive, SessionRegistryLive, SessionLockLive, RedactorLive, DaemonProbeLive, BrowserProcessesLive.pipe(Layer.provide(SessionLockLive)), electron)),
    Layer.provideMerge(config)
  )
