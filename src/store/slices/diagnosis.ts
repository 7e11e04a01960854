// The diagnosis slice: each result file's failure diagnosis (docs/DIAGNOSIS.md), once computed for its evaluation.
import type { FileDiagnosis } from '../../shared/diagnosis';
import { Emitter } from './emitter';

export interface DiagnosisChange {
  ids: string[];
}

export class DiagnosisSlice {
  private readonly entries = new Map<string, FileDiagnosis>();
  private readonly emitter = new Emitter<DiagnosisChange>();
  readonly onDidChange = this.emitter.event;

  get(resultId: string): FileDiagnosis | undefined {
    return this.entries.get(resultId);
  }

  set(resultId: string, diagnosis: FileDiagnosis | undefined): void {
    if (this.entries.get(resultId) === diagnosis) return;
    if (diagnosis) this.entries.set(resultId, diagnosis);
    else if (!this.entries.delete(resultId)) return;
    this.emitter.fire({ ids: [resultId] });
  }

  dispose(): void {
    this.emitter.dispose();
  }
}
