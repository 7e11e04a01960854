// A small dataset and result files made at test time in a temp folder: one question of each answer kind,
// real H.264 clips from ffmpeg, PNGs from pngjs. Nothing is committed and nothing comes from ../shared.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { PNG } from 'pngjs';

type Rgb = [number, number, number];

function png(width: number, height: number, paint: (x: number, y: number) => Rgb): Buffer {
  const img = new PNG({ width, height });
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const [r, g, b] = paint(x, y);
      const i = (y * width + x) * 4;
      img.data[i] = r;
      img.data[i + 1] = g;
      img.data[i + 2] = b;
      img.data[i + 3] = 255;
    }
  return PNG.sync.write(img);
}

/** A floor plan: light floor, dark outer walls and two inner walls with door gaps. */
function floorPlan(width: number, height: number, tint: Rgb = [235, 232, 225]): Buffer {
  return png(width, height, (x, y) => {
    const wall =
      x < 6 ||
      y < 6 ||
      x >= width - 6 ||
      y >= height - 6 ||
      (Math.abs(x - width * 0.55) < 3 && (y < height * 0.4 || y > height * 0.55)) ||
      (Math.abs(y - height * 0.6) < 3 && x < width * 0.3);
    return wall ? [60, 60, 70] : tint;
  });
}

function gradient(width: number, height: number): Buffer {
  return png(width, height, (x, y) => [Math.round((x / width) * 200) + 30, Math.round((y / height) * 150) + 60, 140]);
}

export function requireTool(cmd: string, pkg: string): void {
  const r = spawnSync(cmd, ['-version'], { encoding: 'utf8' });
  if (r.error) throw new Error(`${cmd} is not installed: run \`apt-get install ${pkg}\``);
}

function ffmpeg(args: string[]): void {
  const r = spawnSync('ffmpeg', ['-loglevel', 'error', '-y', ...args], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`ffmpeg failed: ${r.stderr}`);
}

export const XSS_PREDICTION = '<img src=x onerror=alert(1)> and <script>alert(2)</script>';

export interface Fixture {
  root: string;
  resultFiles: Array<{ id: string; label: string; file: string }>;
  uids: { angle: string; distance: string; point: string; orientation: string; choice: string; missingVideo: string; vp9: string };
}

export function makeFixture(): Fixture {
  requireTool('ffmpeg', 'ffmpeg');
  const root = mkdtempSync(path.join(tmpdir(), 'gst-viewer-'));
  const write = (dir: string, name: string, data: string | Buffer) => {
    mkdirSync(path.join(root, dir), { recursive: true });
    writeFileSync(path.join(root, dir, name), data);
  };
  const clip = path.join(root, 'clip.mp4');
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=320x256:rate=10',
    '-t',
    '3',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    '-an',
    clip,
  ]);
  const vp9 = path.join(root, 'vp9.mp4');
  ffmpeg(['-f', 'lavfi', '-i', 'testsrc=size=160x128:rate=10', '-t', '1', '-c:v', 'libvpx-vp9', '-an', vp9]);
  const plan = floorPlan(480, 360);
  const view = gradient(320, 256);
  const geometry = (extra: object) => ({ topdown: { path: 'topdown.png', width: 480, height: 360 }, ...extra });
  const q = (dir: string, record: object, files: Record<string, Buffer | string>) => {
    write(dir, 'question.json', JSON.stringify(record, null, 2));
    for (const [name, data] of Object.entries(files)) write(dir, name, data);
  };

  q(
    '01_ed',
    {
      task: 'Object_Localization_Egocentric_Direction_visual',
      uid: 'scene1_ed_v_armchair_0',
      scene: 'scene_1',
      answer: '90',
      texts: [
        'This is the exploration video of you in the entire scene earlier.',
        'Your current view is :',
        'In which direction relative to you is the object marked with a red box in the video? Taking your current viewing direction as 0°, with left turns being positive, please only give the angle as an integer between –180° and 180°, without the "°" symbol.',
      ],
      copied_video_path: 'video.mp4',
      images: [{ copied_path: 'view.png' }],
      geometry: geometry({ agent: { x: 600, y: 500, heading: 35 }, target: { x: 344, y: 739, label: 'armchair_ab12cd' } }),
    },
    { 'view.png': view, 'topdown.png': plan },
  );
  q(
    '02_edist',
    {
      task: 'Object_Localization_Egocentric_Distance_visual',
      uid: 'scene1_edist_v_table_0',
      scene: 'scene_1',
      answer: 4.2,
      texts: [
        'This is the exploration video of you in the entire scene earlier.',
        'Your current view is :',
        'How far in meters is the object marked with a red box in the video from you? Answer only with a number rounded to one decimal place, without the "m" suffix.',
      ],
      copied_video_path: 'video.mp4',
      images: [{ copied_path: 'view.png' }],
    },
    { 'view.png': view },
  );
  q(
    '03_pos',
    {
      task: 'Self_Localization_Global_Position',
      uid: 'scene2_position_0',
      scene: 'scene_2',
      answer: '<point>391 698</point>',
      texts: [
        'This is the exploration video of you in the entire scene earlier:',
        'Your current view is :',
        'The top-down image of the scene is:',
        'Where on the top-down image does your current location correspond to?\nPlease provide the answer directly in the format <point>x y</point>.',
      ],
      copied_video_path: 'video.mp4',
      images: [{ copied_path: 'view.png' }, { copied_path: 'topdown.png' }],
    },
    { 'view.png': view, 'topdown.png': plan },
  );
  q(
    '04_ori',
    {
      task: 'Self_Localization_Global_Orientation',
      uid: 'scene2_orientation_0',
      scene: 'scene_2',
      answer: '35',
      texts: [
        'This is the exploration video of you in the entire scene earlier:',
        'Your current view is :',
        'The top-down image of the scene is:',
        'Which direction are you facing on the top-down image? 0° is the top of the image, counter-clockwise positive.',
      ],
      copied_video_path: 'video.mp4',
      images: [{ copied_path: 'view.png' }, { copied_path: 'topdown.png' }],
      geometry: geometry({ agent: { x: 400, y: 600, heading: 35 }, target: null }),
    },
    { 'view.png': view, 'topdown.png': plan },
  );
  const tints: Rgb[] = [
    [235, 232, 225],
    [220, 235, 220],
    [225, 225, 240],
    [240, 225, 225],
  ];
  q(
    '05_tds',
    {
      task: 'Global_Structure_Understanding_Topdown_Selection_Medium',
      uid: 'scene3_tds_medium_0',
      scene: 'scene_3',
      answer: 'C',
      texts: [
        'This is the exploration video of you in the entire scene earlier:',
        'Among the four images below, which one is closest to a top-down view of the entire scene? Please directly answer with the letter of the correct option.\nA.',
        '\nB.',
        '\nC.',
        '\nD.',
      ],
      copied_video_path: 'video.mp4',
      images: ['a.png', 'b.png', 'c.png', 'd.png'].map((copied_path) => ({ copied_path })),
    },
    Object.fromEntries(['a.png', 'b.png', 'c.png', 'd.png'].map((n, i) => [n, floorPlan(200, 150, tints[i])])),
  );
  q(
    '06_missing',
    {
      task: 'Object_Localization_Egocentric_Distance_semantic',
      uid: 'scene3_edist_s_missing_video',
      scene: 'scene_3',
      answer: 2.5,
      texts: ['This is the exploration video of you in the entire scene earlier.', 'How far is the sofa from you?'],
      copied_video_path: 'not_there.mp4',
    },
    {},
  );
  q(
    '07_vp9',
    {
      task: 'Global_Structure_Understanding_Trajection_Selection',
      uid: 'scene3_traj_vp9',
      scene: 'scene_3',
      answer: 'B',
      texts: ['This is the exploration video in a section of the scene earlier:', 'Which trajectory?\nA.', '\nB.', '\nC.', '\nD.'],
      copied_video_path: 'video.mp4',
      images: ['a.png', 'b.png', 'c.png', 'd.png'].map((copied_path) => ({ copied_path })),
    },
    Object.fromEntries(['a.png', 'b.png', 'c.png', 'd.png'].map((n, i) => [n, floorPlan(200, 150, tints[i])])),
  );
  // Videos: the H.264 clip everywhere except the VP9 question and the missing one.
  for (const dir of ['01_ed', '02_edist', '03_pos', '04_ori', '05_tds']) write(dir, 'video.mp4', readFileSync(clip));
  write('07_vp9', 'video.mp4', readFileSync(vp9));

  const lines = (rows: Array<[string, string]>) => rows.map(([uid, prediction]) => JSON.stringify({ uid, prediction })).join('\n') + '\n';
  write(
    'results',
    'model-a.jsonl',
    lines([
      ['scene1_ed_v_armchair_0', '<think>The chair was on my left when I turned.</think><answer>75</answer>'],
      ['scene1_edist_v_table_0', 'About 3.6 meters.'],
      ['scene2_position_0', '<point>520 610</point>'],
      ['scene2_orientation_0', '-20'],
      ['scene3_tds_medium_0', 'The answer is C.'],
      ['scene3_edist_s_missing_video', '2.4'],
      ['scene3_traj_vp9', 'A'],
    ]),
  );
  write(
    'results',
    'model-b.jsonl',
    lines([
      ['scene1_ed_v_armchair_0', XSS_PREDICTION],
      ['scene1_edist_v_table_0', '6'],
      ['scene2_position_0', '(300, 820)'],
      ['scene2_orientation_0', 'I am facing 120 degrees left'],
      ['scene3_tds_medium_0', 'A'],
      ['scene3_edist_s_missing_video', 'I cannot tell.'],
      ['scene3_traj_vp9', 'B'],
    ]),
  );
  return {
    root,
    resultFiles: [
      { id: 'a', label: 'model-a', file: path.join(root, 'results', 'model-a.jsonl') },
      { id: 'b', label: 'model-b', file: path.join(root, 'results', 'model-b.jsonl') },
    ],
    uids: {
      angle: 'scene1_ed_v_armchair_0',
      distance: 'scene1_edist_v_table_0',
      point: 'scene2_position_0',
      orientation: 'scene2_orientation_0',
      choice: 'scene3_tds_medium_0',
      missingVideo: 'scene3_edist_s_missing_video',
      vp9: 'scene3_traj_vp9',
    },
  };
}
