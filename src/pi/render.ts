/** The TUI renderers with the real semanticAction compiler bound (see renderText.ts). */
import * as Either from "effect/Either"
import { compileSemanticAction } from "../compilers/compileSemanticAction.js"
import { redactArgs } from "../redaction/redactArgs.js"
import type { SemanticAction } from "../schema/ToolInput.js"
import { renderCallTextWith, type SemanticCompiler } from "./renderText.js"

export { type RenderTheme, renderResultText, textComponent } from "./renderText.js"

/**
 * The upstream argv a (possibly still streaming) semanticAction compiles to, redacted; undefined when it does not
 * compile.
 */
export const compiledArgs: SemanticCompiler = (sa) => {
  try {
    const compiled = compileSemanticAction(sa as unknown as SemanticAction)
    return Either.isRight(compiled) ? redactArgs([...compiled.right.args]).args : undefined
  } catch {
    return undefined
  }
}

export const renderCallText = renderCallTextWith(compiledArgs)
