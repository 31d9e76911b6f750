// Cost of scrubbing large texts with and without remembered secrets (run: npx vite-node scripts/bench-scrub.mts).
import { makeScrubber } from "../src/redaction/scrub.js"
const words = "lorem ipsum dolor sit amet consectetur adipiscing elit sed do … eiusmod tempor 2024 https://x.dev/a?b=1 ".split(" ")
const make = (kb: number) => { let s = ""; let i = 0; while (s.length < kb * 1024) s += words[(i++ * 7) % words.length] + (i % 13 === 0 ? "\n" : " "); return s }
const secrets = ["Pz7qK9-secret", "hunter2hunter2", "LEAK14-fill-password", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJMRUFLMTkifQ.c2ln", "lorem-not-quite"]
for (const kb of [10, 100, 400, 1600]) {
  const text = make(kb) + " Pz7qK tail"
  for (const [label, sc] of [["none", makeScrubber([])], ["5 secrets, 2 typed", makeScrubber(secrets, secrets.slice(0, 2))]] as const) {
    sc(text)
    const t = performance.now(); const n = 5
    for (let i = 0; i < n; i++) sc(text)
    console.log(`${kb} KB ${label}: ${((performance.now() - t) / n).toFixed(2)} ms`)
  }
}
