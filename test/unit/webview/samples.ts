// Hand-made SampleView messages, one per answer kind, for component tests (what the host would post).
import type { ResultView, SampleView, TaggedValue } from '../../../src/shared/protocol';

export const XSS = '<img src=x onerror=alert(1)>';

/** The host's tagged form of a `parsed` JSON value for a question of this kind. */
function tag(kind: SampleView['kind'], json: SampleView['truth']): TaggedValue | null {
  if (json === null || kind === null) return null;
  if (kind === 'point') return Array.isArray(json) ? { kind, x: json[0], y: json[1] } : null;
  if (kind === 'choice') return typeof json === 'string' ? { kind, letter: json } : null;
  return typeof json === 'number' ? { kind, value: json } : null;
}

type Unkinded = Omit<ResultView, 'outcome'> & { outcome: Omit<NonNullable<ResultView['outcome']>, 'value'> | null };

function result(
  id: string,
  colorIndex: number,
  prediction: string,
  parsed: SampleView['truth'],
  extra: Partial<NonNullable<ResultView['outcome']>> = {},
): Unkinded {
  const at = parsed === null ? -1 : prediction.indexOf(String(Array.isArray(parsed) ? parsed[0] : parsed));
  return {
    id,
    label: `model-${id}`,
    colorIndex,
    active: colorIndex === 0,
    outcome: {
      line: 1,
      prediction,
      parsed,
      parsedLabel: parsed === null ? 'unparsed' : String(parsed),
      span: at >= 0 ? [at, at + String(Array.isArray(parsed) ? parsed[0] : parsed).length] : null,
      region: [0, prediction.length],
      score: parsed === null ? 0 : 0.5,
      error: parsed === null ? null : 10,
      passed: parsed === null ? null : 1,
      of: parsed === null ? null : 2,
      status: parsed === null ? 'unparsed' : 'partial',
      ...extra,
    },
  };
}

type Over = Partial<Omit<SampleView, 'results' | 'truthValue'>> & { results?: Unkinded[] };

const base = (over: Over): SampleView => {
  const kind = over.kind === undefined ? 'angle' : over.kind;
  const sample = unkinded(over);
  return {
    ...sample,
    truthValue: tag(kind, sample.truth),
    results: sample.results.map((r) => ({ ...r, outcome: r.outcome ? { ...r.outcome, value: tag(kind, r.outcome.parsed) } : null })),
  };
};

const unkinded = (over: Over) =>
  ({
    uid: 'q',
    task: 'Object_Localization_Egocentric_Direction_visual',
    subtask: { key: 'ed_v', abbreviation: 'EDv', name: 'Egocentric Direction (visual)' },
    kind: 'angle',
    scene: 'scene_1',
    answerText: '90',
    truth: 90,
    truthLabel: '90°',
    texts: ['t0', 'Your current view is :', 'Which direction? Between –180° and 180°.'],
    prompt: [
      { type: 'text', text: 't0' },
      { type: 'video' },
      { type: 'text', text: 'Your current view is :' },
      { type: 'image', index: 0 },
      { type: 'text', text: 'Which direction? Between –180° and 180°.' },
    ],
    video: {
      relPath: 'video.mp4',
      uri: 'http://127.0.0.1/media/video.mp4',
      exists: true,
      type: 'mp4',
      fps: 10,
      videoCodec: 'avc1',
      audioCodec: null,
      commandPath: '/data/q/video.mp4',
    },
    images: [{ relPath: 'view.png', uri: 'http://127.0.0.1/media/view.png', exists: true, type: 'png', role: 'query' }],
    geometry: null,
    results: [] as Unkinded[],
    problems: [],
    position: { index: 0, total: 5 },
    ...over,
  }) as Omit<SampleView, 'results' | 'truthValue'> & { results: Unkinded[] };

export const ANGLE_SAMPLE = base({ uid: 'q_angle', results: [result('a', 0, '<answer>75</answer>', 75), result('b', 1, XSS, null)] });

export const DISTANCE_SAMPLE = base({
  uid: 'q_dist',
  task: 'Object_Localization_Egocentric_Distance_visual',
  subtask: { key: 'edist_v', abbreviation: 'EDistv', name: 'Egocentric Distance (visual)' },
  kind: 'distance',
  answerText: '4.2',
  truth: 4.2,
  truthLabel: '4.2 m',
  results: [result('a', 0, '3.6', 3.6, { passed: 8, of: 10, score: 0.8 })],
});

export const POINT_SAMPLE = base({
  uid: 'q_point',
  task: 'Self_Localization_Global_Position',
  subtask: { key: 'position', abbreviation: 'Pos', name: 'Self Position' },
  kind: 'point',
  answerText: '<point>391 698</point>',
  truth: [391, 698],
  truthLabel: '(391, 698)',
  images: [
    { relPath: 'view.png', uri: 'http://127.0.0.1/media/view.png', exists: true, role: 'query' },
    { relPath: 'topdown.png', uri: 'http://127.0.0.1/media/topdown.png', exists: true, role: 'map' },
  ],
  geometry: {
    topdown: { relPath: 'topdown.png', uri: 'http://127.0.0.1/media/topdown.png', exists: true, width: 480, height: 360 },
    agent: null,
    target: null,
  },
  results: [result('a', 0, '<point>520 610</point>', [520, 610])],
});

export const ORIENTATION_SAMPLE = base({
  uid: 'q_ori',
  task: 'Self_Localization_Global_Orientation',
  subtask: { key: 'orientation', abbreviation: 'Ori', name: 'Self Orientation' },
  kind: 'angle',
  answerText: '35',
  truth: 35,
  truthLabel: '35°',
  // One image on an orientation question: the host tags it as the map.
  images: [{ relPath: 'view.png', uri: 'http://127.0.0.1/media/view.png', exists: true, type: 'png', role: 'map' }],
  results: [result('a', 0, '-20', -20)],
});

export const CHOICE_SAMPLE = base({
  uid: 'q_choice',
  task: 'Global_Structure_Understanding_Topdown_Selection_Easy',
  subtask: { key: 'tds_easy', abbreviation: 'TDS-E', name: 'Top-down Selection (easy)' },
  kind: 'choice',
  answerText: 'C',
  truth: 'C',
  truthLabel: 'C',
  images: ['a', 'b', 'c', 'd'].map((n) => ({
    relPath: `${n}.png`,
    uri: `http://127.0.0.1/media/${n}.png`,
    exists: true,
    role: 'option' as const,
  })),
  results: [result('a', 0, 'C', 'C', { score: 1, status: 'correct' }), result('b', 1, 'A', 'A', { score: 0, status: 'wrong' })],
});
