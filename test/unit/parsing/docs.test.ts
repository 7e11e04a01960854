// docs/PARSING.md agrees with the code: every example row of its tables ("| kind | output | lenient | rule | read |"
// or the same with "strict") is parsed and must give the value, rule, read steps and ambiguity it states.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { isReaderName, parsePrediction, parsedToJson, type AnswerKind } from '../../../src/shared';
import { REPO_ROOT } from '../helpers/shared';

const doc = readFileSync(path.join(REPO_ROOT, 'docs/PARSING.md'), 'utf8');

interface Example {
  line: number;
  reader: 'strict' | 'lenient';
  kind: AnswerKind;
  output: string;
  value: string;
  rule: string;
  read: string;
}

function examples(): Example[] {
  const out: Example[] = [];
  let reader: 'strict' | 'lenient' | undefined;
  doc.split('\n').forEach((text, i) => {
    const cells = text
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    if (cells[0] === 'kind' && cells[1] === 'output' && isReaderName(cells[2])) reader = cells[2];
    else if (!text.startsWith('|')) reader = undefined;
    else if (reader && cells.length === 5 && /^`.*`$/.test(cells[1])) {
      const output = cells[1].slice(1, -1).replace(/\\n/g, '\n');
      out.push({ line: i + 1, reader, kind: cells[0] as AnswerKind, output, value: cells[2], rule: cells[3], read: cells[4] });
    }
  });
  return out;
}

describe('docs/PARSING.md', () => {
  it('every example in its tables reads as documented', () => {
    const all = examples();
    assert.ok(all.length >= 70, `${all.length} examples`);
    for (const e of all) {
      const where = `docs/PARSING.md:${e.line}: ${JSON.stringify(e.output)}`;
      const out = parsePrediction(e.kind, e.output, e.reader);
      const want = e.value === 'unparsed' ? null : JSON.parse(e.value);
      assert.deepEqual(parsedToJson(out.parsed), want, where);
      assert.equal(out.rule ?? '', e.rule, where);
      const steps = [...(out.read ?? []), ...(out.ambiguous ? [`ambiguous: ${out.ambiguous}`] : [])].join(', ');
      assert.equal(steps, e.read, where);
    }
  });

  it('names every rule, read step and ambiguity the code can record', () => {
    const code = ['readers.ts'].map((f) => readFileSync(path.join(REPO_ROOT, 'src/shared/parsing', f), 'utf8')).join('\n');
    const union = (name: string) =>
      [
        ...code
          .split(`export type ${name} =`)[1]
          .split(';')[0]
          .matchAll(/'([^']+)'/g),
      ].map((m) => m[1]);
    for (const name of ['ParseRule', 'ReadStep', 'Ambiguity']) {
      for (const term of union(name)) assert.ok(doc.includes(term), `${name} "${term}" is documented`);
    }
  });
});
