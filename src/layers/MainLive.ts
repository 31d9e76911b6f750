/** The one composition root: every live service over one ToolConfig. */
import * as Layer from "effect/Layer"
import type { BinaryLocator } from "../services/BinaryLocator.js"
import type { ProcessRunner } from "../services/ProcessRunner.js"
import type { ToolConfig } from "../services/ToolConfig.js"
import type { FakeAgentBrowser } from "./FakeAgentBrowser.js"
import { ArtifactStoreLive } from "./ArtifactStoreLive.js"
import { DaemonProbeLive } from "./DaemonProbeLive.js"
import { BinaryLocatorLive } from "./BinaryLocatorLive.js"
import { BrowserProcessesLive } from "./BrowserProcessesLive.js"
import { PresenterLive } from "./PresenterLive.js"
import { ProcessRunnerLive } from "./ProcessRunnerLive.js"
import { RedactorLive } from "./RedactorLive.js"
import { SessionCommandsLive } from "./SessionCommandsLive.js"
import { SessionRegistryLive } from "./SessionRegistryLive.js"
import { ToolConfigLive } from "./ToolConfigLive.js"

/** All services that need only a ToolConfig. */
export const makeServicesLayer = <E>(config: Layer.Layer<ToolConfig, E>) =>
  Layer.mergeAll(PresenterLive, SessionCommandsLive).pipe(
    Layer.provideMerge(Layer.mergeAll(BinaryLocatorLive, ProcessRunnerLive, ArtifactStoreLive, SessionRegistryLive, RedactorLive, DaemonProbeLive, BrowserProcessesLive)),
    Layer.provideMerge(config)
  )

export const MainLive = makeServicesLayer(ToolConfigLive)
export type MainServices = Layer.Layer.Success<typeof MainLive>

/** Every service over a fake agent-browser: deterministic, no processes. */
export const makeFakeLayer = <E>(fake: Layer.Layer<FakeAgentBrowser | ProcessRunner | BinaryLocator>, config: Layer.Layer<ToolConfig, E>) =>
  Layer.mergeAll(PresenterLive, SessionCommandsLive).pipe(
    Layer.provideMerge(Layer.mergeAll(fake, ArtifactStoreLive, SessionRegistryLive, RedactorLive, DaemonProbeLive, BrowserProcessesLive)),
    Layer.provideMerge(config)
  )
