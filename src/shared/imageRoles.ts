// Which prompt image is what: a domain rule of GST-Bench's prompts, decided here once (the host tags the
// images it sends; the webview only reads the tags).
import type { AnswerKind, SubtaskKey } from './subtasks';

/** `query`: the view from the pose asked about; `map`: the top-down image; `option`: a choice's candidate. */
export type ImageRole = 'query' | 'map' | 'option' | 'other';

/**
 * The query view is the first image, except where it is the top-down map: the last image of point and
 * orientation questions (with one image, that one is the map). Choice questions show their candidates.
 */
export function imageRoles(kind: AnswerKind | null, subtask: SubtaskKey | 'other', count: number): ImageRole[] {
  const roles: ImageRole[] = Array.from({ length: count }, () => 'other');
  if (kind === null || count === 0) return roles;
  if (kind === 'choice') return roles.fill('option');
  const mapIsLast = kind === 'point' || subtask === 'orientation';
  if (mapIsLast) roles[count - 1] = 'map';
  if (!mapIsLast || count >= 2) roles[0] = 'query';
  return roles;
}
