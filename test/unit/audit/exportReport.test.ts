// The extension's "Export Audit Report": the Markdown report and the CSV tables beside it are the CLI's texts,
// written atomically (no temp file left), and the filter quick pick's audit choices set the filter's audit part.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { auditReportTexts, csvPathFor, writeAuditReport } from '../../../src/core/audit/exportReport';
import { readDataset } from '../../../src/core/dataset/reader';
import { AUDIT_CSV_TABLES, auditReportCsv, auditReportMarkdown, buildAuditReport } from '../../../src/shared/audit/report';
import { auditDecoration } from '../../../src/model/auditFilter';
import { auditStates } from '../../../src/shared/audit/state';
import { tempDir } from '../helpers/tempDirs';
import { writeTinyDataset } from '../helpers/tinyDataset';
import { entry } from './fixtures/entries';

describe('audit report export', () => {
  it('writes the CLI report as Markdown and its three CSV tables beside it, atomically', async () => {
    const dir = tempDir('gst-audit-export-');
    const dataset = await readDataset(writeTinyDataset(dir), { sniffMedia: false });
    const entries = [
      entry('q_angle', 'Ada', 'wrong-answer', { note: '=1+1 is the answer', proposed_answer: { kind: 'angle', value: -120 } }),
      entry('q_angle', 'Bob', 'ok'),
      entry('q_dist', 'Ada', 'ok'),
      entry('q_dist', 'Bob', 'ok'),
    ];
    const texts = auditReportTexts(entries, dataset.questions, path.join(dir, 'gst-audit.jsonl'), 'tiny');
    const report = buildAuditReport(entries, dataset.questions, path.join(dir, 'gst-audit.jsonl'));
    assert.equal(texts.markdown, `${auditReportMarkdown(report, 'tiny')}\n`);
    assert.equal(texts.csv, AUDIT_CSV_TABLES.map((t) => auditReportCsv(report, t)).join('\r\n'));
    assert.match(texts.markdown, /Audited 2 of 4 questions/);
    assert.match(texts.csv, /'=1\+1/, 'a note a spreadsheet would run as a formula is quoted');

    const written = await writeAuditReport(path.join(dir, 'report.md'), texts);
    assert.deepEqual(written, { markdown: path.join(dir, 'report.md'), csv: path.join(dir, 'report.csv') });
    assert.equal(readFileSync(written.markdown, 'utf8'), texts.markdown);
    assert.equal(readFileSync(written.csv, 'utf8'), texts.csv);
    assert.deepEqual(
      readdirSync(dir).filter((f) => f.includes('gst-tmp')),
      [],
      'no temp file is left',
    );
    assert.equal(csvPathFor('/x/audit.report.md'), '/x/audit.report.csv');
  });

  it('row decorations: reviewers disagree wins over flagged, flagged over ok; the tooltip names every reviewer', () => {
    const states = auditStates([
      entry('a', 'Ada', 'ok'),
      entry('b', 'Ada', 'media-problem', { note: 'video cut' }),
      entry('c', 'Ada', 'ok'),
      entry('c', 'Bob', 'ambiguous'),
    ]);
    assert.deepEqual(auditDecoration(states.get('a')), { badge: '✓', tooltip: 'Audited: ok by Ada' });
    assert.deepEqual(auditDecoration(states.get('b')), {
      badge: '⚑',
      color: 'list.warningForeground',
      tooltip: 'Flagged: media-problem by Ada: video cut',
    });
    assert.equal(auditDecoration(states.get('c'))?.badge, '≠');
    assert.match(auditDecoration(states.get('c'))!.tooltip, /ok by Ada; ambiguous by Bob/);
    assert.equal(auditDecoration(undefined), undefined);
  });
});
