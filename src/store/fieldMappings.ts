// Per-workspace field mappings for result files whose fields detection cannot map: which field is the id, the
// prediction and the gold. Kept in the workspace's state, keyed by the file's path relative to its workspace
// folder, so a mapping survives a reload and stays with the workspace.
import * as vscode from 'vscode';
import type { FieldMap } from '../core';

const MAPPINGS_KEY = 'gstBench.fieldMappings';

type Stored = Record<string, FieldMap>;

export class FieldMappings {
  constructor(private readonly memento: vscode.Memento) {}

  /** The key of a file: relative to its workspace folder (forward slashes), absolute outside every folder. */
  key(file: string): string {
    return vscode.workspace.asRelativePath(vscode.Uri.file(file), true).replace(/\\/g, '/');
  }

  private all(): Stored {
    const raw = this.memento.get<unknown>(MAPPINGS_KEY);
    return raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Stored) : {};
  }

  get(file: string): FieldMap | undefined {
    const m = this.all()[this.key(file)];
    return m && typeof m === 'object' && (typeof m.id === 'string' || typeof m.prediction === 'string') ? m : undefined;
  }

  async set(file: string, mapping: FieldMap): Promise<void> {
    await this.memento.update(MAPPINGS_KEY, { ...this.all(), [this.key(file)]: mapping });
  }

  /** Forgets a file's mapping; true when it had one. */
  async clear(file: string): Promise<boolean> {
    const all = this.all();
    const key = this.key(file);
    if (!(key in all)) return false;
    delete all[key];
    await this.memento.update(MAPPINGS_KEY, all);
    return true;
  }
}
