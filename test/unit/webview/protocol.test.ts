import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  answerRequest,
  contractGuards,
  isHostMessage,
  isWebviewMessage,
  PanelChannel,
  Requester,
  RequestTimeoutError,
  type PanelHostMessage,
  type RequestMessage,
  type ResponseMessage,
  type ViewerRequests,
} from '../../../src/shared/protocol';

describe('request/response with ids', () => {
  test('each request gets a fresh id and resolves with the matching response only', async () => {
    const sent: RequestMessage[] = [];
    const r = new Requester<ViewerRequests>((m) => sent.push(m));
    const first = r.request('navigate', { direction: 'next' });
    const second = r.request('copyText', { text: 'uid' });
    assert.deepEqual(
      sent.map((m) => [m.id, m.method]),
      [
        [1, 'navigate'],
        [2, 'copyText'],
      ],
    );
    assert.equal(r.handleResponse({ type: 'response', id: 99, ok: true, result: null }), false);
    assert.equal(r.handleResponse({ type: 'response', id: 2, ok: true, result: { copied: true } }), true);
    assert.deepEqual(await second, { copied: true });
    r.handleResponse({ type: 'response', id: 1, ok: false, error: 'boom' });
    await assert.rejects(first, /boom/);
    assert.equal(r.pendingCount, 0);
  });

  test('an unanswered request times out with a message naming it', async () => {
    const r = new Requester<ViewerRequests>(() => {}, 20);
    await assert.rejects(
      r.request('navigate', { direction: 'previous' }),
      (e: Error) => e instanceof RequestTimeoutError && /navigate/.test(e.message),
    );
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
    const r = new Requester<ViewerRequests>((m) => (wire = JSON.stringify(m)));
    const p = r.request('navigate', { direction: 'nextFailure' });
    const response = await answerRequest<Pick<ViewerRequests, 'navigate' | 'copyText' | 'openSource'>>(JSON.parse(wire), {
      navigate: async ({ direction }) => ({ uid: direction }),
      copyText: () => ({ copied: true }),
      openSource: () => ({ opened: true }),
    });
    r.handleResponse(JSON.parse(JSON.stringify(response)));
    assert.deepEqual(await p, { uid: 'nextFailure' });
  });
});

describe('message guards', () => {
  test("accept each side's own types and reject the rest", () => {
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

// A second, made-up panel: the machinery is the same for any contract.
type CounterContract = {
  requests: { add: { params: { by: number }; result: { total: number } }; fail: { params: Record<string, never>; result: never } };
  notifications: { type: 'total'; total: number };
  events: { type: 'clicked'; at: number };
  ready: { restoredTotal?: number };
};
const counterGuards = contractGuards<CounterContract>({ notifications: ['total'], events: ['clicked'] });

function counterChannel() {
  const posted: PanelHostMessage<CounterContract>[] = [];
  const readies: Array<{ restoredTotal?: number }> = [];
  const events: number[] = [];
  let total = 0;
  const channel = new PanelChannel<CounterContract>({
    post: (m) => void posted.push(m),
    handlers: {
      add: ({ by }) => ({ total: (total += by) }),
      fail: () => {
        throw new Error('refused');
      },
    },
    isWebviewMessage: counterGuards.isWebviewMessage,
    onReady: (m) => {
      readies.push(m);
      channel.notify({ type: 'total', total });
    },
    onEvent: (m) => void events.push(m.at),
  });
  return { channel, posted, readies, events };
}

describe('panel channel (any contract): handshake, notifications, requests, events', () => {
  test('nothing is posted before ready; ready sends the state; a reset waits for the next ready', async () => {
    const { channel, posted, readies } = counterChannel();
    assert.equal(channel.notify({ type: 'total', total: 1 }), false, 'dropped before ready');
    assert.equal(posted.length, 0);
    await channel.receive({ type: 'ready', restoredTotal: 4 });
    assert.deepEqual(readies, [{ type: 'ready', restoredTotal: 4 }]);
    assert.deepEqual(posted, [{ type: 'total', total: 0 }]);
    assert.equal(channel.notify({ type: 'total', total: 2 }), true);
    channel.reset(); // the page was torn down (hidden panel)
    assert.equal(channel.ready, false);
    assert.equal(channel.notify({ type: 'total', total: 3 }), false);
    await channel.receive({ type: 'ready' });
    assert.equal(readies.length, 2);
    assert.deepEqual(
      posted.map((m) => (m.type === 'total' ? m.total : m.type)),
      [0, 2, 0],
    );
  });

  test('requests are answered by id, errors and unknown methods answer with the error; events reach onEvent', async () => {
    const { channel, posted, events } = counterChannel();
    await channel.receive({ type: 'ready' });
    posted.length = 0;
    await channel.receive({ type: 'request', id: 1, method: 'add', params: { by: 5 } });
    await channel.receive({ type: 'request', id: 2, method: 'fail', params: {} });
    await channel.receive({ type: 'request', id: 3, method: 'toString', params: {} });
    await channel.receive({ type: 'clicked', at: 17 });
    await channel.receive({ type: 'show' }); // not of this contract: ignored
    await channel.receive('ready');
    assert.deepEqual(posted, [
      { type: 'response', id: 1, ok: true, result: { total: 5 } },
      { type: 'response', id: 2, ok: false, error: 'refused' },
      { type: 'response', id: 3, ok: false, error: 'unknown request "toString"' },
    ]);
    assert.deepEqual(events, [17]);
  });

  test('end to end: the requester of one side and the channel of the other, through JSON', async () => {
    const { channel, posted } = counterChannel();
    await channel.receive({ type: 'ready' });
    const requester = new Requester<CounterContract['requests']>((m) => void channel.receive(JSON.parse(JSON.stringify(m))), 1000);
    const answer = requester.request('add', { by: 2 });
    const refused = requester.request('fail', {});
    await new Promise((r) => setTimeout(r, 0));
    for (const m of posted) if (m.type === 'response') requester.handleResponse(JSON.parse(JSON.stringify(m)));
    assert.deepEqual(await answer, { total: 2 });
    await assert.rejects(refused, /refused/);
    assert.equal(requester.pendingCount, 0);
  });

  test('a request the other side never answers times out; dispose rejects what is pending', async () => {
    const requester = new Requester<CounterContract['requests']>(() => {}, 15);
    await assert.rejects(
      requester.request('add', { by: 1 }),
      (e: Error) => e instanceof RequestTimeoutError && /"add" within 15 ms/.test(e.message),
    );
    const long = new Requester<CounterContract['requests']>(() => {}, 60_000);
    const pending = long.request('add', { by: 1 });
    long.dispose();
    await assert.rejects(pending, /closed/);
    assert.equal(long.pendingCount, 0);
  });

  test('guards: host messages are the notifications and responses, webview messages ready, events and requests', () => {
    assert.ok(counterGuards.isHostMessage({ type: 'total', total: 1 }));
    assert.ok(counterGuards.isHostMessage({ type: 'response', id: 1, ok: true, result: 1 }));
    assert.ok(!counterGuards.isHostMessage({ type: 'clicked' }));
    assert.ok(counterGuards.isWebviewMessage({ type: 'clicked', at: 1 }));
    assert.ok(counterGuards.isWebviewMessage({ type: 'ready' }));
    assert.ok(!counterGuards.isWebviewMessage({ type: 'total' }));
    assert.ok(isHostMessage({ type: 'results', uid: 'u', results: [] }), 'the viewer has its small notifications');
    assert.ok(isHostMessage({ type: 'position', uid: 'u', position: null }));
  });
});
