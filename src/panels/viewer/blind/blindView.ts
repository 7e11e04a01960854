// A question as blind mode sends it: only what the model saw. Built from the core Question field by field (never
// from a SampleView), so the truth, the results, the uid, the generator's geometry (which holds the answers of
// point and orientation questions) and the file names (which can name the orientation) cannot slip in.
import type { Question } from '../../../core/dataset/question';
import { imageRoles, type ImageRole } from '../../../shared/imageRoles';
import type { BlindMediaView, BlindQuestionView } from '../../../shared/protocol/blind';
import { CHOICE_LETTERS } from '../../../shared/scoring/constants';
import { subtaskInfo } from '../../../shared/subtasks';
import type { ToWebviewUri } from '../sampleView';
import { readVideoInfo } from '../mp4Info';

export interface BlindViewOptions {
  number: number;
  total: number;
  answered: number;
  participant: string;
  toUri: ToWebviewUri;
  readVideoInfo?: typeof readVideoInfo;
}

function label(role: ImageRole, index: number): string {
  if (role === 'query') return 'Your current view';
  if (role === 'map') return 'Top-down image';
  if (role === 'option') return `Option ${CHOICE_LETTERS[index] ?? index + 1}`;
  return `Image ${index + 1}`;
}

/** The map's pixel size from the generator's geometry, when it describes that very image; else the webview measures it. */
function knownSize(question: Question, relPath: string): { width: number | null; height: number | null } {
  const top = (question.extra.geometry as { topdown?: { path?: unknown; width?: unknown; height?: unknown } } | undefined)?.topdown;
  const ok = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v > 1;
  if (top && top.path === relPath && ok(top.width) && ok(top.height)) return { width: top.width as number, height: top.height as number };
  return { width: null, height: null };
}

export async function buildBlindQuestionView(question: Question, o: BlindViewOptions): Promise<BlindQuestionView | null> {
  if (!question.kind) return null;
  const roles = imageRoles(question.kind, question.subtask, question.images.length);
  const info = subtaskInfo(question.subtask);
  const images = question.images.map((m, i): BlindMediaView & { role: ImageRole } => ({
    label: label(roles[i], i),
    uri: m.path && m.exists ? o.toUri(m.path) : null,
    exists: m.exists,
    role: roles[i],
  }));
  const mapAt = roles.lastIndexOf('map');
  const map = mapAt >= 0 ? { ...images[mapAt], ...knownSize(question, question.images[mapAt].relPath) } : null;
  const v = question.video;
  const fps = v?.path && v.exists ? ((await (o.readVideoInfo ?? readVideoInfo)(v.path))?.fps ?? null) : null;
  return {
    number: o.number,
    total: o.total,
    answered: o.answered,
    participant: o.participant,
    kind: question.kind,
    input: question.subtask === 'orientation' ? 'heading' : question.kind === 'angle' ? 'direction' : question.kind,
    subtask: info ? { abbreviation: info.abbreviation, name: info.name } : null,
    prompt: question.prompt.map((p) => ({ ...p })),
    video: v ? { label: 'Exploration video', uri: v.path && v.exists ? o.toUri(v.path) : null, exists: v.exists, fps } : null,
    images,
    map: map ? { label: map.label, uri: map.uri, exists: map.exists, width: map.width, height: map.height } : null,
  };
}
