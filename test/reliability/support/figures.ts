// The figures a suite reports (cases tried, faults injected, 5xx seen,
// counts lost), written to artifacts/reliability/<suite>.json so that
// `npm run soak` can print the table docs/reliability.md quotes.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const FIGURES_DIR = fileURLToPath(
  new URL('../../../artifacts/reliability', import.meta.url),
);

export interface SuiteFigures {
  suite: string;
  /** Requests or generated cases sent to the service. */
  cases: number;
  /** Upstream, database or process faults injected. */
  faults: number;
  /** Answers with status >= 500 (expected ones such as 503 included, see `notes`). */
  serverErrors: Record<string, number>;
  /** Usage counts that differ from the answered 200 lookups. */
  countsLost: number;
  notes: string[];
}

export class FigureBook {
  private readonly figures: SuiteFigures;

  constructor(suite: string) {
    this.figures = { suite, cases: 0, faults: 0, serverErrors: {}, countsLost: 0, notes: [] };
  }

  case(count = 1): void {
    this.figures.cases += count;
  }

  fault(count = 1): void {
    this.figures.faults += count;
  }

  /** Counts one answer; 5xx answers are tallied by status and error code. */
  answer(status: number, code?: string): void {
    this.figures.cases += 1;
    if (status < 500) return;
    const key = code ? `${status} ${code}` : String(status);
    this.figures.serverErrors[key] = (this.figures.serverErrors[key] ?? 0) + 1;
  }

  countsLost(count: number): void {
    this.figures.countsLost += count;
  }

  note(text: string): void {
    this.figures.notes.push(text);
  }

  get cases(): number {
    return this.figures.cases;
  }

  /** Writes the figures (called in afterAll). */
  write(): void {
    mkdirSync(FIGURES_DIR, { recursive: true });
    writeFileSync(
      join(FIGURES_DIR, `${this.figures.suite}.json`),
      JSON.stringify(this.figures, null, 2),
    );
  }
}
