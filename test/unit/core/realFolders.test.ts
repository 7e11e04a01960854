// The reader's fast path for files in real folders: what it reads itself, and what it leaves to the general path.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { RealFolders } from '../../../src/core/dataset/realFolders';
import { makeFifo, tempDir } from '../helpers/tempDirs';

function folderWith(): { root: string; dir: string; folders: RealFolders } {
  const root = realpathSync(tempDir());
  const dir = path.join(root, 'q1');
  mkdirSync(dir);
  return { root, dir, folders: new RealFolders(root, [dir]) };
}

describe('RealFolders.readJson', () => {
  it('reads a regular file with its identity, and says when it is missing', () => {
    const { dir, folders } = folderWith();
    const file = path.join(dir, 'question.json');
    const text = '{"uid": "q1", "note": "café ↗"}\n';
    writeFileSync(file, text);
    const read = folders.readJson(file);
    assert.ok(read?.ok);
    assert.equal(read.text, text);
    assert.deepEqual(read.bytes, Buffer.from(text));
    assert.match(read.identity ?? '', /^\d+:\d+:\d+:/);
    assert.deepEqual(folders.readJson(path.join(dir, 'absent.json')), { ok: false, missing: true });
  });

  it('refuses a file over the size limit without reading it', () => {
    const { dir, folders } = folderWith();
    const file = path.join(dir, 'question.json');
    writeFileSync(file, '{"uid": "q1"}');
    const read = folders.readJson(file, 5);
    assert.ok(read && !read.ok && !read.missing);
    assert.match(read.reason, /13 bytes, more than the 5-byte limit/);
  });

  it('leaves a symlink, a FIFO, bytes that are not UTF-8 and a folder not known real to the general path', () => {
    const { root, dir, folders } = folderWith();
    const target = path.join(root, 'elsewhere.json');
    writeFileSync(target, '{}');
    symlinkSync(target, path.join(dir, 'link.json'));
    assert.equal(folders.readJson(path.join(dir, 'link.json')), undefined, 'a symlink');
    makeFifo(path.join(dir, 'fifo.json'));
    assert.equal(folders.readJson(path.join(dir, 'fifo.json')), undefined, 'a FIFO, without blocking');
    writeFileSync(path.join(dir, 'latin1.json'), Buffer.from('{"note": "caf\xe9"}', 'latin1'));
    assert.equal(folders.readJson(path.join(dir, 'latin1.json')), undefined, 'an invalid UTF-8 byte');
    // A 4-byte sequence cut after 3 bytes decodes to one U+FFFD, itself 3 bytes: the text's length is the file's.
    const cut = Buffer.concat([Buffer.from('{"note": "'), Buffer.from([0xf0, 0x90, 0x80]), Buffer.from('"}')]);
    assert.equal(Buffer.byteLength(cut.toString('utf8')), cut.length);
    writeFileSync(path.join(dir, 'cut.json'), cut);
    assert.equal(folders.readJson(path.join(dir, 'cut.json')), undefined, 'a sequence cut short, as long as its U+FFFD');
    const linkedFolder = path.join(root, 'linked');
    symlinkSync(dir, linkedFolder);
    assert.equal(folders.readJson(path.join(linkedFolder, 'question.json')), undefined, 'a folder reached through a symlink');
  });
});
