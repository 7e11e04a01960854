// "GST-Bench: Set Field Mapping…" and "Clear Field Mapping": for a result file whose fields detection cannot map,
// the user picks the id, prediction and (optional) gold fields from the fields its first record has. The mapping
// is kept per workspace (store/fieldMappings.ts) and applied whenever the file is read or rescored.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { fieldsOfFile, type FieldChoice, type FieldMap } from '../core';
import { COMMANDS } from '../ids';
import { formatScore } from '../shared/format';
import type { InspectorStore } from '../store/store';
import { fileOf, resultFileFromContext } from './targets';

interface FieldItem extends vscode.QuickPickItem {
  path: string | undefined;
}

function fieldItems(fields: FieldChoice[], current: string | undefined, exclude: ReadonlySet<string>): FieldItem[] {
  return fields
    .filter((f) => !exclude.has(f.path))
    .map((f) => ({ label: f.path, description: f.path === current ? `(current) ${f.example}` : f.example, path: f.path }));
}

async function pickField(
  title: string,
  placeHolder: string,
  items: FieldItem[],
  current: string | undefined,
): Promise<FieldItem | undefined> {
  // The current choice first, so Enter keeps it.
  const sorted = [...items].sort(
    (a, b) => Number(b.path === current && current !== undefined) - Number(a.path === current && current !== undefined),
  );
  return vscode.window.showQuickPick(sorted, { title, placeHolder, matchOnDescription: true, ignoreFocusOut: true });
}

export async function setFieldMappingCommand(store: InspectorStore, arg: unknown): Promise<FieldMap | undefined> {
  const mappings = store.mappings;
  if (!mappings) return undefined;
  const file = fileOf(arg) ?? (await resultFileFromContext(store, 'Set Field Mapping'));
  if (!file) return undefined;
  const name = path.basename(file);
  let fields: FieldChoice[];
  try {
    fields = await fieldsOfFile(file);
  } catch (e) {
    void vscode.window.showErrorMessage(`GST-Bench: cannot list the fields of ${name}: ${(e as Error).message}`);
    return undefined;
  }
  if (fields.length === 0) {
    void vscode.window.showErrorMessage(`GST-Bench: ${name} has no readable record whose fields could be mapped.`);
    return undefined;
  }
  const current = mappings.get(file);
  const title = (step: number) => `Field mapping for ${name} (${step}/3)`;
  const id = await pickField(
    title(1),
    'Which field holds the question id? (a GST-Bench uid)',
    fieldItems(fields, current?.id, new Set()),
    current?.id,
  );
  if (!id?.path) return undefined;
  const prediction = await pickField(
    title(2),
    "Which field holds the model's raw output (the prediction)?",
    fieldItems(fields, current?.prediction, new Set([id.path])),
    current?.prediction,
  );
  if (!prediction?.path) return undefined;
  const noGold: FieldItem = { label: 'No gold field', description: 'the dataset holds the answers', path: undefined };
  const gold = await pickField(
    title(3),
    'Which field holds the gold answer? (optional: scores use the dataset’s answers)',
    [noGold, ...fieldItems(fields, current?.gold, new Set([id.path, prediction.path]))],
    current?.gold,
  );
  if (!gold) return undefined;
  // The id field is picked as the one holding dataset uids: an id it lacks is reported as such, not guessed.
  const mapping: FieldMap = { id: id.path, idRole: 'uid', prediction: prediction.path, ...(gold.path ? { gold: gold.path } : {}) };
  await mappings.set(file, mapping);
  await store.addResult(file);
  const r = store.result(file);
  const scored = r?.evaluation
    ? ` Overall ${formatScore(r.evaluation.overall)}, ${r.evaluation.scored} scored.`
    : r?.error
      ? ` ${r.error}.`
      : '';
  void vscode.window.showInformationMessage(
    `GST-Bench: ${name} is read with id ${mapping.id} and prediction ${mapping.prediction}${mapping.gold ? ` (gold ${mapping.gold})` : ''} in this workspace.${scored}`,
  );
  return mapping;
}

export async function clearFieldMappingCommand(store: InspectorStore, arg: unknown): Promise<boolean> {
  const file = fileOf(arg) ?? (await resultFileFromContext(store, 'Clear Field Mapping'));
  if (!file || !store.mappings) return false;
  const name = path.basename(file);
  if (!(await store.mappings.clear(file))) {
    void vscode.window.showInformationMessage(`GST-Bench: ${name} has no field mapping in this workspace.`);
    return false;
  }
  if (store.result(file)) await store.addResult(file);
  void vscode.window.showInformationMessage(`GST-Bench: the field mapping of ${name} is cleared; its format is detected again.`);
  return true;
}

/** After loading files: one that no format reads gets a notification whose button sets its mapping. */
export function offerFieldMapping(store: InspectorStore, files: readonly string[]): void {
  for (const file of files) {
    const r = store.result(file);
    if (!r?.needsMapping) continue;
    const action = 'Set Field Mapping…';
    void vscode.window
      .showErrorMessage(`GST-Bench: ${path.basename(file)}: ${r.error ?? 'unknown layout'}.`, action)
      .then((choice) => (choice === action ? vscode.commands.executeCommand(COMMANDS.setFieldMapping, file) : undefined));
  }
}
