import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { COMPETENCIES, SUBTASKS } from '../../../src/core';
import { bold, icon, plain } from '../../../src/model/tooltip';
import { markdownTooltip } from '../../../src/sidebar/markdownTooltip';
import { DEMO_QUESTIONS_PER_SUBTASK, SUBTASK_COUNT, demoDatasetFromCore, openDemo, questionRows, subtaskNodes } from './helpers';

export function treeTests(): void {
  describe('Questions tree for the demo dataset', () => {
    it("renders a tooltip with VS Code's appendText: model output stays text, our icon and bold stay markup", () => {
      const md = markdownTooltip([
        [bold('q_1')],
        [plain('Prediction: <img src=x onerror=alert(1)> $(check) [a](http://x) **B**')],
        [icon('warning'), plain('missing')],
      ]);
      assert.ok(md instanceof vscode.MarkdownString);
      assert.equal(md.supportHtml, false);
      assert.equal(md.isTrusted, false);
      assert.ok(md.value.startsWith('**q\\_1**'), md.value);
      assert.ok(md.value.includes('$(warning) missing'), md.value);
      const prediction = md.value.split('\n\n')[1];
      // `<` stays: with supportHtml off, VS Code renders HTML in a tooltip as text.
      assert.doesNotMatch(prediction, /(^|[^\\])[[*]/, `markup characters are escaped: ${prediction}`);
      assert.doesNotMatch(prediction, /(^|[^\\])\$\(/, `no theme icon from model output: ${prediction}`);
      // Single spaces stay breakable so long texts wrap; a run of spaces keeps its width; '&amp;' shows as typed.
      const spaced = markdownTooltip([[plain('turn left  90 & then &amp; go')]]).value;
      assert.equal(spaced, 'turn left&nbsp;&nbsp;90 &amp; then &amp;amp; go');
    });
    it('shows the three competencies holding the 12 subtasks, 3 questions each', async () => {
      const api = await openDemo();
      const dataset = await demoDatasetFromCore();
      assert.equal(dataset.questions.length, SUBTASK_COUNT * DEMO_QUESTIONS_PER_SUBTASK, 'the demo dataset itself changed');
      const tree = await api.questionsTree();
      assert.deepEqual(
        tree.map((n) => n.label),
        COMPETENCIES.map((c) => c.name),
      );

      const subtasks = subtaskNodes(tree);
      assert.equal(subtasks.length, SUBTASK_COUNT, `subtask nodes: ${subtasks.map((s) => s.label).join(', ')}`);
      for (const info of SUBTASKS) {
        // The short form is the label; the full name ends the description (a narrow sidebar cuts the end).
        const node = subtasks.find((s) => s.label === info.abbreviation);
        assert.ok(node, `no subtask node labelled "${info.abbreviation}"`);
        assert.ok((node.description ?? '').endsWith(info.name), `${info.key} description "${node.description}" should end with the name`);
        assert.match(
          node.description ?? '',
          new RegExp(`\\b${DEMO_QUESTIONS_PER_SUBTASK} q\\b`),
          `${info.key} description "${node.description}" should give the question count`,
        );
        const uids = (node.children ?? []).map((c) => c.id);
        assert.equal(uids.length, DEMO_QUESTIONS_PER_SUBTASK, `${info.key} should hold ${DEMO_QUESTIONS_PER_SUBTASK} questions`);
      }

      const rows = questionRows(tree, dataset);
      assert.equal(rows.length, dataset.questions.length, 'every demo question appears once');
      assert.equal(new Set(rows.map((r) => r.uid)).size, rows.length);
      for (const row of rows) {
        const q = dataset.byUid.get(row.uid)!;
        const info = SUBTASKS.find((s) => s.key === q.subtask)!;
        assert.equal(row.subtaskNode.label, info.abbreviation, `${row.uid} sits under the wrong subtask`);
        assert.ok(row.node.label.length < row.uid.length, `question label "${row.node.label}" should be shorter than its uid`);
        const plain = (t: string) => t.replace(/\s+/g, ' ');
        const start = plain(q.texts[0] ?? '').slice(0, 40);
        assert.ok(plain(row.node.tooltip ?? '').includes(start), `tooltip of ${row.uid} should hold the question text "${start}…"`);
      }
    });
  });
}
