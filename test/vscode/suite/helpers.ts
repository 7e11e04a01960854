// Shared helpers of the extension-host suite. Everything here runs inside a real VS Code extension host.
import * as assert from 'node:assert/strict';
import { copyFileSync, mkdirSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { InspectorApi, TreeSnapshotNode } from '../../../src/api';
import { DEFAULT_PROFILE, isScoringProfile, readDataset, type Dataset, type ScoringProfile } from '../../../src/core';
import { COMMANDS, EXTENSION_ID, SETTINGS } from '../../../src/ids';

/** The repository root: the bundle lives in dist/test/suite/. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
export const DEMO_DIR = path.join(REPO_ROOT, 'examples', 'demo');
export const DEMO_RESULTS = {
  noisyOracle: path.join(DEMO_DIR, 'results', 'noisy-oracle.jsonl'),
  random: path.join(DEMO_DIR, 'results', 'random.jsonl'),
  templateB: path.join(DEMO_DIR, 'results', 'template-b.jsonl'),
};
/** The demo's shape, from the demo's spec: 3 questions in each of the 12 subtasks. */
export const DEMO_QUESTIONS_PER_SUBTASK = 3;
export const SUBTASK_COUNT = 12;
const WAIT_POLL_MS = 50;

export function workspaceDir(): string {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the suite needs a workspace folder (the runner opens an empty one)');
  return folder.uri.fsPath;
}

/** Where index.ts writes the report that the runner prints. */
export function suiteReportFile(): string {
  return `${workspaceDir()}.suite-report.txt`;
}

/** Copies a file into a sub-folder of the workspace, so tests never write to the repo. */
export function copyIntoWorkspace(source: string, subfolder: string, name = path.basename(source)): vscode.Uri {
  const dir = path.join(workspaceDir(), subfolder);
  mkdirSync(dir, { recursive: true });
  const target = path.join(dir, name);
  copyFileSync(source, target);
  return vscode.Uri.file(target);
}

let apiPromise: Promise<InspectorApi> | undefined;
/** Activates the extension and returns what activate() returned, checked to be an InspectorApi. */
export function inspectorApi(): Promise<InspectorApi> {
  apiPromise ??= (async () => {
    const ext = vscode.extensions.getExtension<InspectorApi>(EXTENSION_ID);
    assert.ok(ext, `extension ${EXTENSION_ID} is not installed in this VS Code`);
    const api = await ext.activate();
    assert.ok(
      api && typeof api.questionsTree === 'function' && typeof api.whenIdle === 'function',
      'activate() must return the InspectorApi of src/api.ts',
    );
    return api;
  })();
  return apiPromise;
}

let demoDataset: Promise<Dataset> | undefined;
/** The demo dataset as the core reads it: the expected values are computed from it. */
export function demoDatasetFromCore(): Promise<Dataset> {
  demoDataset ??= readDataset(DEMO_DIR, { sniffMedia: false });
  return demoDataset;
}

/** Opens the demo through the command and waits until the extension has loaded it. */
export async function openDemo(): Promise<InspectorApi> {
  const api = await inspectorApi();
  await vscode.commands.executeCommand(COMMANDS.openDemoDataset);
  await api.whenIdle();
  return api;
}

export function scoringProfile(): ScoringProfile {
  const value = vscode.workspace.getConfiguration().get<string>(SETTINGS.scoringProfile);
  return value && isScoringProfile(value) ? value : DEFAULT_PROFILE;
}

export function walk(
  nodes: TreeSnapshotNode[],
  visit: (n: TreeSnapshotNode, parents: TreeSnapshotNode[]) => void,
  parents: TreeSnapshotNode[] = [],
): void {
  for (const n of nodes) {
    visit(n, parents);
    if (n.children) walk(n.children, visit, [...parents, n]);
  }
}

export interface QuestionRow {
  uid: string;
  node: TreeSnapshotNode;
  subtaskNode: TreeSnapshotNode;
}

/**
 * The question rows of a Questions tree snapshot, in display order. A row is recognised by naming a
 * dataset uid in its id (the uid itself or ending in it), which does not depend on the tree's labels.
 */
export function questionRows(tree: TreeSnapshotNode[], dataset: Dataset): QuestionRow[] {
  const rows: QuestionRow[] = [];
  walk(tree, (node, parents) => {
    const uid = uidOfNode(node, dataset);
    if (uid) rows.push({ uid, node, subtaskNode: parents[parents.length - 1] });
  });
  return rows;
}

function uidOfNode(node: TreeSnapshotNode, dataset: Dataset): string | undefined {
  if (dataset.byUid.has(node.id)) return node.id;
  let best: string | undefined;
  for (const uid of dataset.byUid.keys()) {
    if (node.id.endsWith(uid) && (!best || uid.length > best.length)) best = uid;
  }
  return best;
}

/** Nodes on the tree's second level (competency → subtask). */
export function subtaskNodes(tree: TreeSnapshotNode[]): TreeSnapshotNode[] {
  const out: TreeSnapshotNode[] = [];
  walk(tree, (node, parents) => {
    if (parents.length === 1) out.push(node);
  });
  return out;
}

/** Polls until `check` returns a value other than undefined/false, or fails with `what`. */
export async function waitFor<T>(
  what: string,
  check: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 15_000,
): Promise<T> {
  const started = Date.now();
  let lastError: unknown;
  for (;;) {
    try {
      const v = await check();
      if (v !== undefined && v !== false) return v;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() - started > timeoutMs) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${lastError ? `: ${(lastError as Error).message}` : ''}`);
    }
    await new Promise((r) => setTimeout(r, WAIT_POLL_MS));
  }
}

/** Runs a command without awaiting UI it may leave open (a notification with actions never resolves in a test). */
export function fireCommand(command: string, ...args: unknown[]): Promise<unknown> {
  const p = Promise.resolve(vscode.commands.executeCommand(command, ...args));
  p.catch(() => undefined);
  return p;
}

/** A score as the tree may print it: one or two decimals. */
export function scorePattern(score: number): RegExp {
  const escape = (s: string) => s.replace('.', '\\.');
  return new RegExp(`(^|[^0-9.])(${escape(score.toFixed(1))}|${escape(score.toFixed(2))})([^0-9]|$)`);
}
