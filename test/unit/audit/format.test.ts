import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AUDIT_VERDICTS, verdictForKey } from '../../../src/shared/audit/verdicts';
import { formatAuditDocument, formatAuditEntry, parseAuditText } from '../../../src/shared/audit/format';
import { entry } from './fixtures/entries';
import { applyAuditChanges, mergeAuditDocuments, reviewersDisagree } from '../../../src/shared/audit/merge';

const parse = (text: string) => parseAuditText(text, 'gst-audit.jsonl');

describe('audit verdicts', () => {
  it('keys 1..7 give the seven verdicts in order; other keys none', () => {
    assert.deepEqual(['1', '2', '3', '4', '5', '6', '7'].map(verdictForKey), [...AUDIT_VERDICTS]);
    assert.deepEqual(AUDIT_VERDICTS, [
      'ok',
      'wrong-answer',
      'ambiguous',
      'target-not-recognisable',
      'view-not-locatable',
      'media-problem',
      'other',
    ]);
    for (const k of ['0', '8', 'a', '11', '']) assert.equal(verdictForKey(k), undefined, k);
  });
});

describe('audit sidecar format', () => {
  it('writes one line per (uid, reviewer), sorted by uid then reviewer, with a fixed key order', () => {
    const text = formatAuditDocument({
      entries: [
        entry('q_b', 'zoe', 'ok'),
        entry('q_a', 'zoe', 'ambiguous', { note: 'two "chairs"', proposed_answer: { kind: 'point', x: 10, y: 20 } }),
        entry('q_a', 'ann', 'wrong-answer', { proposed_answer: { kind: 'angle', value: -45 } }),
      ],
      corrupt: [],
    });
    assert.equal(
      text,
      [
        '{"uid":"q_a","reviewer":"ann","verdict":"wrong-answer","note":"","proposed_answer":{"kind":"angle","value":-45},"time":"2026-12-01T09:00:00.000Z"}',
        '{"uid":"q_a","reviewer":"zoe","verdict":"ambiguous","note":"two \\"chairs\\"","proposed_answer":{"kind":"point","x":10,"y":20},"time":"2026-12-01T09:00:00.000Z"}',
        '{"uid":"q_b","reviewer":"zoe","verdict":"ok","note":"","proposed_answer":null,"time":"2026-12-01T09:00:00.000Z"}',
        '',
      ].join('\n'),
    );
    assert.equal(formatAuditDocument(parse(text)), text, 'reading and writing back changes nothing');
  });

  it('changing one verdict changes exactly one line', () => {
    const entries = Array.from({ length: 50 }, (_, i) => entry(`q_${String(i).padStart(3, '0')}`, i % 2 ? 'ann' : 'bob', 'ok'));
    const before = formatAuditDocument({ entries, corrupt: [] });
    const changed = applyAuditChanges(parse(before), [
      { set: entry('q_017', 'ann', 'media-problem', { note: 'video stops at 0:40', time: '2026-12-01T10:00:00.000Z' }) },
    ]);
    const after = formatAuditDocument(changed);
    const a = before.split('\n');
    const b = after.split('\n');
    assert.equal(a.length, b.length);
    const diff = a.map((l, i) => (l === b[i] ? -1 : i)).filter((i) => i >= 0);
    assert.deepEqual(diff, [17]);
    assert.match(b[17], /"verdict":"media-problem"/);
  });

  it('reads keys in any order and writes them in the fixed order; unknown fields are kept after the known ones', () => {
    const doc = parse(
      '{"time":"2026-12-01T09:00:00Z","note":"","proposed_answer":{"y":3,"x":2,"kind":"point"},"verdict":"ok","reviewer":"ann","uid":"q","future":[1]}\n',
    );
    assert.deepEqual(doc.problems, []);
    assert.equal(
      formatAuditDocument(doc),
      '{"uid":"q","reviewer":"ann","verdict":"ok","note":"","proposed_answer":{"kind":"point","x":2,"y":3},"time":"2026-12-01T09:00:00Z","future":[1]}\n',
    );
  });

  it('a corrupt line is a problem with its line number and is written back byte for byte', () => {
    const good = formatAuditEntry(entry('q_a', 'ann', 'ok'));
    const text = [
      good,
      '{"uid":"q_b","reviewer":"ann","verdict":"maybe","note":"","proposed_answer":null,"time":"2026-12-01T09:00:00Z"}',
      '{"uid": "q_c", broken',
      '{"uid":"q_d","reviewer":"ann","verdict":"wrong-answer","note":"","proposed_answer":{"kind":"point","x":1000,"y":1},"time":"2026-12-01T09:00:00Z"}',
      '{"uid":"q_e","reviewer":"ann","verdict":"ok","note":"","proposed_answer":null,"time":"yesterday"}\r',
      '',
    ].join('\n');
    const doc = parse(text);
    assert.deepEqual(
      doc.problems.map((p) => [p.line, p.severity]),
      [
        [2, 'error'],
        [3, 'error'],
        [4, 'error'],
        [5, 'error'],
      ],
    );
    assert.match(doc.problems[0].message, /"verdict" must be one of ok, wrong-answer/);
    assert.match(doc.problems[1].message, /not valid JSON/);
    assert.match(doc.problems[2].message, /\[0, 999\]/);
    assert.match(doc.problems[3].message, /ISO 8601/);
    assert.equal(doc.entries.length, 1);
    const out = formatAuditDocument(applyAuditChanges(doc, [{ set: entry('q_z', 'bob', 'ok') }]));
    for (const line of text.split('\n').slice(1, 5)) assert.ok(out.includes(`${line}\n`), `kept: ${line}`);
  });

  it('two lines for one (uid, reviewer) keep the later one, with a warning', () => {
    const text = [
      entry('q', 'ann', 'ok', { time: '2026-12-01T10:00:00Z' }),
      entry('q', 'ann', 'ambiguous', { time: '2026-12-01T09:00:00Z' }),
    ]
      .map(formatAuditEntry)
      .join('\n');
    const doc = parse(text);
    assert.equal(doc.entries.length, 1);
    assert.equal(doc.entries[0].verdict, 'ok');
    assert.equal(doc.problems[0].severity, 'warning');
    assert.equal(doc.problems[0].line, 2);
  });

  it('a 2 MB corrupt line is reported and kept whole', () => {
    const long = `{"uid":"${'a'.repeat(2_000_000)}","time":"${'9'.repeat(100_000)}"}`;
    const doc = parse(long);
    assert.equal(doc.corrupt.length, 1);
    assert.equal(doc.corrupt[0].text, long);
    assert.equal(formatAuditDocument(doc), `${long}\n`);
  });
});

describe('audit merge', () => {
  const base = { entries: [entry('q1', 'ann', 'ok'), entry('q2', 'ann', 'ok')], corrupt: [{ line: 3, text: 'junk' }] };

  it('two writers adding different verdicts: both are kept', () => {
    const ours = applyAuditChanges(base, [{ set: entry('q3', 'ann', 'ambiguous') }]);
    const theirs = applyAuditChanges(base, [{ set: entry('q1', 'bob', 'wrong-answer') }]);
    const merged = mergeAuditDocuments(base, ours, theirs);
    assert.deepEqual(
      merged.entries.map((e) => `${e.uid}/${e.reviewer}/${e.verdict}`),
      ['q1/ann/ok', 'q1/bob/wrong-answer', 'q2/ann/ok', 'q3/ann/ambiguous'],
    );
    assert.deepEqual(merged.conflicts, []);
    assert.deepEqual(
      merged.corrupt.map((c) => c.text),
      ['junk'],
      'the corrupt line is kept once, not twice',
    );
  });

  it('reviewers who disagree on one uid: both lines stay and the question is flagged', () => {
    const ours = applyAuditChanges(base, [{ set: entry('q2', 'bob', 'view-not-locatable') }]);
    const merged = mergeAuditDocuments(base, ours, base);
    const q2 = merged.entries.filter((e) => e.uid === 'q2');
    assert.deepEqual(
      q2.map((e) => e.verdict),
      ['ok', 'view-not-locatable'],
    );
    assert.equal(reviewersDisagree(q2), true);
    assert.equal(reviewersDisagree([entry('q', 'a', 'ok'), entry('q', 'b', 'ok')]), false);
    const proposals = [
      entry('q', 'a', 'wrong-answer', { proposed_answer: { kind: 'choice', letter: 'A' } }),
      entry('q', 'b', 'wrong-answer', { proposed_answer: { kind: 'choice', letter: 'B' } }),
    ];
    assert.equal(reviewersDisagree(proposals), true, 'the same verdict with different proposed answers disagrees');
  });

  it('three-way: a removal on one side wins over an unchanged other side; a change wins over a removal', () => {
    const ours = applyAuditChanges(base, [{ remove: { uid: 'q1', reviewer: 'ann' } }]);
    assert.deepEqual(
      mergeAuditDocuments(base, ours, base).entries.map((e) => e.uid),
      ['q2'],
    );
    const theirs = applyAuditChanges(base, [{ set: entry('q1', 'ann', 'other', { time: '2026-12-01T11:00:00Z' }) }]);
    assert.equal(mergeAuditDocuments(base, ours, theirs).entries.find((e) => e.uid === 'q1')?.verdict, 'other');
  });

  it('the same reviewer changing one verdict on both sides: the later is kept and the conflict is reported', () => {
    const early = applyAuditChanges(base, [{ set: entry('q1', 'ann', 'ambiguous', { time: '2026-12-01T10:00:00Z' }) }]);
    const late = applyAuditChanges(base, [{ set: entry('q1', 'ann', 'media-problem', { time: '2026-12-01T10:05:00Z' }) }]);
    for (const [o, t] of [
      [early, late],
      [late, early],
    ]) {
      const m = mergeAuditDocuments(base, o, t);
      assert.equal(m.entries.find((e) => e.uid === 'q1')?.verdict, 'media-problem');
      assert.equal(m.conflicts.length, 1);
      assert.equal(m.conflicts[0].dropped?.verdict, 'ambiguous');
    }
  });

  it('two-way merge is a union, and is symmetric', () => {
    const a = { entries: [entry('q1', 'ann', 'ok'), entry('q2', 'ann', 'other')], corrupt: [{ line: 1, text: 'x' }] };
    const b = { entries: [entry('q1', 'bob', 'ambiguous'), entry('q2', 'ann', 'other')], corrupt: [{ line: 5, text: 'y' }] };
    const ab = formatAuditDocument(mergeAuditDocuments(null, a, b));
    const ba = formatAuditDocument(mergeAuditDocuments(null, b, a));
    assert.equal(
      ab
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .join('\n'),
      ba
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .join('\n'),
    );
    assert.equal(parse(ab).entries.length, 3);
    assert.match(ab, /^x$/m);
    assert.match(ab, /^y$/m);
  });

  it('three-way: a corrupt line repaired on one side is gone; one added on a side is kept', () => {
    const ours = { entries: base.entries, corrupt: [] };
    const theirs = { entries: base.entries, corrupt: [...base.corrupt, { line: 9, text: 'new junk' }] };
    assert.deepEqual(
      mergeAuditDocuments(base, ours, theirs).corrupt.map((c) => c.text),
      ['new junk'],
    );
  });
});
