/**
 * Reads the cost log the functions write in the emulator suite (functions/src/dev/cost-log.ts):
 * one `<function>-<pid>.jsonl` file per function process under COST_LOG_DIR, one line per
 * Firestore operation or invocation. A flow's share is what the files gained between two marks.
 */
import { existsSync, openSync, readSync, closeSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export class CostLog {
  constructor(dir) {
    if (!dir || !existsSync(dir)) throw new Error('COST_LOG_DIR is not set or missing: run inside the emulator suite (scripts/emulators.mjs)');
    this.dir = dir;
  }

  files() {
    return readdirSync(this.dir).filter((name) => name.endsWith('.jsonl'));
  }

  /** Each file's size now: a mark to read from. */
  mark() {
    return new Map(this.files().map((name) => [name, statSync(join(this.dir, name)).size]));
  }

  /** The lines written since `mark`, parsed (a file new since then is read whole). */
  since(mark) {
    const lines = [];
    for (const name of this.files()) {
      const from = mark.get(name) ?? 0;
      const size = statSync(join(this.dir, name)).size;
      if (size <= from) continue;
      const buffer = Buffer.alloc(size - from);
      const fd = openSync(join(this.dir, name), 'r');
      try {
        readSync(fd, buffer, 0, buffer.length, from);
      } finally {
        closeSync(fd);
      }
      // A line is written whole by one synchronous append: only a line being written can be cut, never one before it.
      const text = buffer.toString('utf8');
      for (const line of text.slice(0, text.lastIndexOf('\n') + 1).split('\n')) if (line) lines.push(JSON.parse(line));
    }
    return lines;
  }

  /** A fingerprint of every file's size: it changes whenever any process logs anything. */
  fingerprint() {
    return [...this.mark()].map(([name, size]) => `${name}:${size}`).sort().join(',');
  }
}
