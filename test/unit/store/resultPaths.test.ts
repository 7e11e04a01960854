// The workspace watcher considers the new .jsonl files that auto-detection would have found.
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { describe, test } from 'node:test';
import { isDetectableResultPath } from '../../../src/store/resultPaths';

describe('new result files the watcher considers', () => {
  const ws = path.resolve('/ws');
  const at = (...parts: string[]) => path.join(ws, ...parts);
  test('inside a workspace folder, within the depth, outside node_modules and dot-folders', () => {
    assert.equal(isDetectableResultPath(at('run.jsonl'), [ws]), true);
    assert.equal(isDetectableResultPath(at('results', 'gpt', 'run.JSONL'), [ws]), true);
    assert.equal(isDetectableResultPath(at('a', 'b', 'c', 'd', 'run.jsonl'), [ws]), true);
    assert.equal(isDetectableResultPath(at('a', 'b', 'c', 'd', 'e', 'run.jsonl'), [ws]), false, 'deeper than detection looks');
    assert.equal(isDetectableResultPath(at('node_modules', 'x', 'run.jsonl'), [ws]), false);
    assert.equal(isDetectableResultPath(at('.git', 'run.jsonl'), [ws]), false);
    assert.equal(isDetectableResultPath(at('.run.jsonl.abc.tmp'), [ws]), false, 'a rescore temp file');
    assert.equal(isDetectableResultPath(at('.hidden.jsonl'), [ws]), false);
    assert.equal(isDetectableResultPath(at('run.json'), [ws]), false);
    assert.equal(isDetectableResultPath(path.resolve('/elsewhere/run.jsonl'), [ws]), false);
    assert.equal(isDetectableResultPath(path.resolve('/elsewhere/run.jsonl'), [ws, path.resolve('/elsewhere')]), true);
  });
});
