// What a benchmark row is. Each file in scripts/bench/rows/ exports one `row`; the runner (scripts/bench/run.ts)
// finds them there, so a new figure is a new file. See docs/PERFORMANCE.md, "Adding a row".
import type { BenchInputs } from './inputs';

/**
 * What a row must reach. A ratio target compares the figure's median with its limit's median from the same run
 * (`figure/limit` at most, or `limit/figure` at least); an absolute target (rows without a limit) compares the
 * figure's median in milliseconds.
 */
export type Target =
  | { ratio: 'figure/limit'; atMost: number }
  | { ratio: 'limit/figure'; atLeast: number }
  | { ms: { atMost: number } }
  /** Shown without a verdict; its ratio is figure/limit unless `ratioOf` says limit/figure (a peer that is slower). */
  | { report: true; ratioOf?: 'limit/figure' };

/** One timed run in milliseconds. It may do untimed set-up first (restore a file) and time only its part. */
export type Sampler = () => number | Promise<number>;

export type Measurement =
  | {
      /** Run by the runner: one warm-up each, then runs interleaved figure/limit in alternating order. */
      figure: Sampler;
      limit?: Sampler;
      /** Shown under the table, e.g. the input's size. */
      note?: string;
    }
  | {
      /** Runs made elsewhere (another script, a real VS Code) after their own warm-up, interleaved there. */
      samples: { figure: number[]; limit?: number[] };
      note?: string;
    };

export interface RowContext {
  inputs: BenchInputs;
  /** 1 normally; 4 or 16 with --scaling: the row multiplies its lines or files by it. */
  scale: number;
  /** --quick: tiny inputs, few runs; a smoke test of the runner, not a measurement. */
  quick: boolean;
  /** The command that runs the CLI (`node dist/cli.js`, or tsx on src/cli.ts with --cli-source). */
  cli: readonly string[];
  log: (message: string) => void;
}

export interface BenchRow {
  /** Identifier; `--only rescore` picks this row when it equals `rescore` or starts with `rescore-`. */
  name: string;
  /** What is timed, as the table shows it. */
  figure: string;
  /** What the figure is measured against in the same run, or null for a figure reported on its own. */
  limit: string | null;
  target: Target;
  /** Sorts the table (lower first); rows with equal order sort by name. */
  order: number;
  /** True when the row takes part in --scaling (its inputs grow with `scale`). */
  scales: boolean;
  measure(ctx: RowContext): Promise<Measurement>;
}

/** Thrown by `measure` when the row cannot run here (a missing tool); the table says why. */
export class SkipRow extends Error {}
