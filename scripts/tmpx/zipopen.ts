import { openSync, closeSync, writeSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import { ZipWriter } from '../lib/zipWriter';
import { ZipArchive } from '../../src/core/formats/zip';
const file = '/tmp/many.eval';
const fd = openSync(file, 'w');
const w = new ZipWriter((b) => { for (let d = 0; d < b.length; ) d += writeSync(fd, b, d); });
for (let i = 0; i < 2772; i++) { const data = Buffer.from(JSON.stringify({ id: `scene${i}_Object_Localization_Egocentric_Direction_visual_refrigerator_ychgid_0_pos_0_orient_1_video_3`, x: 'y'.repeat(15000) })); w.add(`samples/scene${i}_Object_Localization_Egocentric_Direction_visual_refrigerator_ychgid_0_pos_0_orient_1_video_3_epoch_1.json`, data, 8, deflateRawSync(data)); }
w.finish(); closeSync(fd);
void (async () => {
  for (let r = 0; r < 8; r++) { const t = process.hrtime.bigint(); const z = await ZipArchive.open(file); await z.close(); console.log('open+close ms', Number(process.hrtime.bigint() - t) / 1e6); }
})();
