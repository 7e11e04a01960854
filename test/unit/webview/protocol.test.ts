import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { answerRequest, isHostMessage, isWebviewMessage, Requester, RequestTimeoutError, type RequestMessage, type ResponseMessage } from '../../../src/shared/protocol';

describe('request/response with ids', () => {
  test('each request gets a fresh id and resolves with the matching response only', async () => {
    const sent: RequestMessage[] = [];
    const r = new Requester((m) => sent.push(m));
    const first = r.request('navigate', { direction: 'next' });
    const second = r.request('copyText', { text: 'uid' });
    assert.deepEqual(sent.map((m) => [m.id, m.method]), [[1, 'navigate'], [2, 'copyText']]);
    assert.equal(r.handleResponse({ type: 'response', id: 99, ok: true, result: null }), false);
    assert.equal(r.handleResponse({ type: 'response', id: 2, ok: true, result: { copied: true } }), true);
    assert.deepEqual(await second, { copied: true });
    r.handleResponse({ type: 'response', id: 1, ok: false, error: 'boom' });
    await assert.rejects(first, /boom/);
    assert.equal(r.pendingCount, 0);
  });

  test('an unanswered request times out with a message naming it', async () => {
    const r = new Requester(() => {}, 20);
    await assert.rejects(r.request('navigate', { direction: 'previous' }), (e: Error) => e instanceof RequestTimeoutError && /navigate/.test(e.message));
    assert.equal(r.pendingCount, 0);
  });

  test('the answering side always answers: results, thrown errors and unknown methods', async () => {
    const handlers = {
      navigate: async () => ({ uid: 'next-uid' }),
      copyText: () => {
        throw new Error('no clipboard');
      },
      openSource: () => ({ opened: true }),
    };
    const ok = await answerRequest({ type: 'request', id: 7, method: 'navigate', params: { direction: 'next' } }, handlers);
    assert.deepEqual(ok, { type: 'response', id: 7, ok: true, result: { uid: 'next-uid' } });
    const failed = await answerRequest({ type: 'request', id: 8, method: 'copyText', params: { text: 'x' } }, handlers);
    assert.deepEqual(failed, { type: 'response', id: 8, ok: false, error: 'no clipboard' });
    const unknown = await answerRequest({ type: 'request', id: 9, method: 'nope', params: {} } as unknown as RequestMessage, handlers);
    assert.equal((unknown as Extract<ResponseMessage, { ok: false }>).ok, false);
  });

  test('a full round trip through JSON (as postMessage does)', async () => {
    let wire = '';
    const r = new Requester((m) => (wire = JSON.stringify(m)));
    const p = r.request('navigate', { direction: 'nextFailure' });
    const response = await answerRequest(JSON.parse(wire), { navigate: async ({ direction }) => ({ uid: direction }), copyText: () => ({ copied: true }), openSource: () => ({ opened: true }) });
    r.handleResponse(JSON.parse(JSON.stringify(response)));
    assert.deepEqual(await p, { uid: 'nextFailure' });
  });
});

describe('message guards', () => {
  test('accept each side\'s own types and reject the rest', () => {
    assert.ok(isHostMessage({ type: 'show', sample: {} }));
    assert.ok(isHostMessage({ type: 'response', id: 1, ok: true, result: 1 }));
    assert.ok(!isHostMessage({ type: 'ready' }));
    assert.ok(!isHostMessage(null));
    assert.ok(!isHostMessage('show'));
    assert.ok(isWebviewMessage({ type: 'ready' }));
    assert.ok(isWebviewMessage({ type: 'painted', uid: 'u', ms: 3 }));
    assert.ok(!isWebviewMessage({ type: 'show' }));
    assert.ok(!isWebviewMessage({}));
  });
});
