// Aho-Corasick over the sensitive-word list: one pass over the text finds every word, however many
// words there are, so a 200,000-character contribution costs a few milliseconds. Built once per
// change of the list (sensitive-screen.service.ts keeps it).
//
// Matching ignores letter case and full-width forms (ＡＢＣ, ａｂｃ, ０１２ read as abc, 012). In HTML,
// tags are skipped and the text on both sides of a tag is read as one, so `敏<b>感</b>词` is found too.

/** A found word: its index in the list and the positions (in the original text) of its characters. */
export type Match = { word: number; positions: number[] }

/** One UTF-16 unit folded: A-Z to a-z, full-width ASCII (U+FF01-U+FF5E) to ASCII, then lower case. */
function fold(code: number): number {
  if (code >= 0xff01 && code <= 0xff5e) code -= 0xfee0
  return code >= 65 && code <= 90 ? code + 32 : code
}

export class SensitiveMatcher {
  /** Goto function per state: folded unit to next state. */
  private readonly next: Map<number, number>[] = [new Map()]
  private readonly fail: number[] = [0]
  /** Word indices ending at a state (its own and those reached by failure links). */
  private readonly output: number[][] = [[]]
  private readonly lengths: number[] = []

  constructor(readonly words: readonly string[]) {
    words.forEach((word, index) => this.insert(word, index))
    this.link()
  }

  get isEmpty() {
    return this.words.length === 0
  }

  private insert(word: string, index: number) {
    let state = 0
    for (let i = 0; i < word.length; i++) {
      const code = fold(word.charCodeAt(i))
      let target = this.next[state].get(code)
      if (target === undefined) {
        target = this.next.length
        this.next.push(new Map())
        this.fail.push(0)
        this.output.push([])
        this.next[state].set(code, target)
      }
      state = target
    }
    this.lengths[index] = word.length
    if (word.length) this.output[state].push(index)
  }

  /** Breadth-first failure links, each state's output joined with its fallback's. */
  private link() {
    const queue: number[] = [...this.next[0].values()]
    for (let head = 0; head < queue.length; head++) {
      const state = queue[head]
      for (const [code, target] of this.next[state]) {
        let fallback = this.fail[state]
        while (fallback && !this.next[fallback].has(code)) fallback = this.fail[fallback]
        const candidate = this.next[fallback].get(code)
        this.fail[target] = candidate !== undefined && candidate !== target ? candidate : 0
        if (this.output[this.fail[target]].length) this.output[target] = [...this.output[target], ...this.output[this.fail[target]]]
        queue.push(target)
      }
    }
  }

  /** Every occurrence of every word in `text`; `isHtml` skips markup (sanitized HTML escapes `<` in text). */
  find(text: string, isHtml = false): Match[] {
    if (this.isEmpty) return []
    const matches: Match[] = []
    // Positions of the characters read, so a match across a tag maps back to the original text.
    const read: number[] = []
    let state = 0
    let inTag = false
    for (let i = 0; i < text.length; i++) {
      const unit = text.charCodeAt(i)
      if (isHtml) {
        if (inTag) {
          if (unit === 62) inTag = false // >
          continue
        }
        if (unit === 60) {
          inTag = true // <
          continue
        }
      }
      const code = fold(unit)
      read.push(i)
      while (state && !this.next[state].has(code)) state = this.fail[state]
      state = this.next[state].get(code) ?? 0
      for (const word of this.output[state]) matches.push({ word, positions: read.slice(read.length - this.lengths[word]) })
    }
    return matches
  }
}
