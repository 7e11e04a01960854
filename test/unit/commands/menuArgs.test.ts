import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isSceneArgument, isString, ownArgument, ownChoice } from '../../../src/commands/menuArgs';
import { isSortOrder, isStatusFilter } from '../../../src/model';

// What VS Code passes to a command run from a menu: the view's element, a Uri, a tree's context object.
const MENU_ARGUMENTS: unknown[] = [
  { id: 'subtask:ed_v', type: 'subtask', label: 'EDv' },
  { $mid: 1, scheme: 'file', path: '/tmp/x.jsonl', fsPath: '/tmp/x.jsonl' },
  { treeViewId: 'gstBench.questions' },
  [{ scheme: 'file' }],
  42,
];

describe('menu arguments', () => {
  it('a menu argument means "ask", like no argument', () => {
    for (const arg of [undefined, ...MENU_ARGUMENTS]) {
      assert.equal(ownChoice(arg, isStatusFilter, 'status filter'), undefined, JSON.stringify(arg));
      assert.equal(ownChoice(arg, isSortOrder, 'sort order'), undefined, JSON.stringify(arg));
      assert.equal(ownArgument(arg, isString), undefined, JSON.stringify(arg));
      assert.equal(ownArgument(arg, isSceneArgument), undefined, JSON.stringify(arg));
    }
  });

  it("the handler's own argument is taken", () => {
    assert.equal(ownChoice('failed', isStatusFilter, 'status filter'), 'failed');
    assert.equal(ownChoice('scoreAsc', isSortOrder, 'sort order'), 'scoreAsc');
    assert.equal(ownArgument('armchair', isString), 'armchair');
    assert.equal(ownArgument('', isString), '');
    assert.equal(ownArgument(null, isSceneArgument), null);
    assert.equal(ownArgument('scene_2', isSceneArgument), 'scene_2');
  });

  it('a string that names no choice is reported', () => {
    assert.throws(() => ownChoice('flaky', isStatusFilter, 'status filter'), /unknown status filter: "flaky"/);
    assert.throws(() => ownChoice('random', isSortOrder, 'sort order'), /unknown sort order: "random"/);
  });
});
