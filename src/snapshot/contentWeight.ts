/**
 * How much readable text a subtree holds, not counting link and control labels (navigation is mostly links):
 * the signal for finding the page's main content block, as reader modes do.
 */
import type { SnapshotNode } from "./parseSnapshot.js"

const LABEL_ROLES = new Set(["link", "button", "menuitem", "tab", "option", "combobox", "textbox", "searchbox"])

export const isBlockedFrame = (node: SnapshotNode): boolean =>
  node.role === "Iframe" && node.children.some((c) => c.role === "heading" && c.name === "Blocked")

/** Content characters per node, computed once. */
export const contentWeights = (root: SnapshotNode): ReadonlyMap<SnapshotNode, number> => {
  const weights = new Map<SnapshotNode, number>()
  const visit = (node: SnapshotNode): number => {
    if (isBlockedFrame(node)) {
      weights.set(node, 0)
      return 0
    }
    let own = node.role === "StaticText" ? (node.name ?? "").trim().length : 0
    if (node.role === "heading") own += (node.name ?? "").length
    let total = own
    for (const child of node.children) {
      const w = visit(child)
      if (!LABEL_ROLES.has(child.role)) total += w
      else total += Math.floor(w / 4) // inline links inside prose still count a little
    }
    weights.set(node, total)
    return total
  }
  visit(root)
  return weights
}

/** Below this much readable text a page is an app or a form, not an article: no main block is chosen. */
export const MIN_MAIN_CONTENT_CHARS = 400
/** A main/article landmark holding this share of the page's text bounds the main-block search. */
const LANDMARK_SHARE = 0.25
/** A text run shorter than this is a label or teaser fragment, not prose. */
const PROSE_CHARS = 60
/** Grow the chosen block to its parent while the parent adds at most this share of text (title, byline, lead). */
const GROW_SHARE = 1.35

/** Blocks whose text counts as one prose unit. */
const UNIT_ROLES = new Set(["paragraph", "listitem", "blockquote", "cell", "definition"])

const proseLength = (node: SnapshotNode): number => {
  let length = 0
  const visit = (n: SnapshotNode) => {
    if (n.role === "link" || isBlockedFrame(n)) return
    if (n.role === "StaticText") length += (n.name ?? "").trim().length
    n.children.forEach(visit)
  }
  visit(node)
  return length
}

/**
 * Readability-style choice of the main content block: every prose unit (a paragraph, or a long text run outside
 * one) scores its parent fully and its grandparent by half, so a container of many paragraphs beats a list of
 * teasers; the winner then grows to ancestors that add little text (the headline and byline around the body).
 */
export const findMainBlock = (
  root: SnapshotNode,
  weights: ReadonlyMap<SnapshotNode, number>
): SnapshotNode | undefined => {
  const total = weights.get(root) ?? 0
  if (total < MIN_MAIN_CONTENT_CHARS) return undefined
  // An author-marked main/article landmark that holds a fair share of the text bounds the search.
  const landmarks: Array<SnapshotNode> = []
  const collect = (n: SnapshotNode) => {
    if (n.role === "main" || n.role === "article") landmarks.push(n)
    n.children.forEach(collect)
  }
  collect(root)
  // an <article> is the more specific claim: prefer it over <main> when it holds enough text
  const strong = landmarks.filter((l) => (weights.get(l) ?? 0) >= LANDMARK_SHARE * total)
  const byWeight = (a: SnapshotNode, b: SnapshotNode) => (weights.get(b) ?? 0) - (weights.get(a) ?? 0)
  const scope = strong.filter((l) => l.role === "article").sort(byWeight)[0] ?? strong.sort(byWeight)[0] ?? root
  const parents = new Map<SnapshotNode, SnapshotNode>()
  const scores = new Map<SnapshotNode, number>()
  const credit = (node: SnapshotNode | undefined, amount: number) => {
    if (node !== undefined) scores.set(node, (scores.get(node) ?? 0) + amount)
  }
  const visit = (node: SnapshotNode) => {
    for (const child of node.children) {
      parents.set(child, node)
      const isBlockUnit = UNIT_ROLES.has(child.role)
      const isUnit = isBlockUnit || (child.role === "StaticText" && (child.name ?? "").length >= PROSE_CHARS)
      if (isUnit) {
        const length = isBlockUnit ? proseLength(child) : (child.name ?? "").length
        if (length >= PROSE_CHARS / 2) {
          credit(node, length)
          credit(parents.get(node), length / 2)
        }
      }
      if (!isBlockedFrame(child) && !isBlockUnit) visit(child)
    }
  }
  visit(scope)
  let best: SnapshotNode | undefined
  for (const [node, score] of scores) if (best === undefined || score > (scores.get(best) ?? 0)) best = node
  if (best === undefined) return undefined
  const weight = (n: SnapshotNode) => weights.get(n) ?? 0
  const sizes = new Map<SnapshotNode, number>()
  const size = (n: SnapshotNode): number => {
    const known = sizes.get(n)
    if (known !== undefined) return known
    // what rendering costs: text plus a line and a ref annotation per ref-bearing node
    const own = (n.name ?? "").length + (n.ref !== undefined ? 16 : 0) + n.children.reduce((sum, c) => sum + size(c), 0)
    sizes.set(n, own)
    return own
  }
  for (let parent = parents.get(best); parent !== undefined && parent !== root; parent = parents.get(parent)) {
    if (best === scope || best.role === "main" || best.role === "article") break // the author's own boundary
    // links and menus weigh nothing as content but cost bytes: grow only when both stay close
    if (weight(parent) > GROW_SHARE * weight(best) || size(parent) > GROW_SHARE * size(best)) break
    best = parent
  }
  return best
}
