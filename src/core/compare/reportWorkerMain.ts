// The compare report's worker thread (bundled to dist/compareWorker.js): the bootstrap intervals and paired
// tests of many result sets take hundreds of milliseconds, which the extension host's thread must not spend.
import { parentPort } from 'node:worker_threads';
import { compareReport } from '../../shared/stats/compareReport';
import { unpackSets, type ReportRequest, type ReportReply } from './reportWorker';

parentPort?.on('message', (m: ReportRequest) => {
  let reply: ReportReply;
  try {
    reply = { id: m.id, report: compareReport(unpackSets(m.sets), m.options) };
  } catch (e) {
    reply = { id: m.id, error: e instanceof Error ? (e.stack ?? e.message) : String(e) };
  }
  parentPort!.postMessage(reply);
});
