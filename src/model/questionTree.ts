// Builds the Questions tree as plain data: competencies → subtasks → questions, with labels, descriptions,
// icons, filter and sort applied. The TreeDataProvider only turns these nodes into TreeItems. Pure: no vscode.
import {
  COMPETENCIES,
  coverageOf,
  OTHER,
  questionsPerSubtask,
  SUBTASKS,
  subtaskFormatLossText,
  type CompetencyKey,
  type Coverage,
  type SubtaskInfo,
  type Evaluation,
  type Question,
  type QuestionOutcome,
  type SubtaskOrOther,
} from '../core';
import type { TreeSnapshotNode } from '../api';
import { isFilterActive, matchesFilter, sortQuestions, type FilterState } from './filter';
import type { QuestionAuditState } from './auditFilter';
import { diagnosisTooltipWords, type TreeDiagnosis } from './diagnosisFilter';
import { countDescription, problemReason, questionSummary, questionTooltip, shortQuestionLabel, subtaskTooltip } from './labels';
import { fileStem } from './resultsModel';
import { STATUS_LOOK, statusOfOutcome, type QuestionStatus } from './status';
import { tooltipText, type Tooltip } from './tooltip';

interface NodeBase {
  /** Stable across reloads, so VS Code keeps selection and expansion. */
  id: string;
  label: string;
  description?: string;
  /** Markdown. */
  tooltip?: Tooltip;
  contextValue: string;
  icon: string;
  iconColor?: string;
}

export interface GroupNode extends NodeBase {
  type: 'competency';
  key: CompetencyKey;
  children: SubtaskNode[];
}

export interface SubtaskNode extends NodeBase {
  type: 'subtask';
  key: SubtaskOrOther;
  /** Questions in the dataset for this subtask, before filtering. */
  total: number;
  /** Questions the filter shows: the length of `children`, known before they are built. */
  shown: number;
  /** Built when first read: a collapsed subtask's rows are never asked for. */
  children: QuestionNode[];
  parentId?: string;
}

export interface QuestionNode extends NodeBase {
  type: 'question';
  uid: string;
  status: QuestionStatus;
  /** Why the question's data is suspect (missing video, bad answer), or undefined. */
  warning?: string;
  parentId: string;
}

export type TreeNode = GroupNode | SubtaskNode | QuestionNode;

export interface ActiveResultView {
  label: string;
  evaluation: Pick<Evaluation, 'byUid' | 'subtasks' | 'formatLoss'>;
}

/** Nodes by id; a question's node is built (with its subtask's other rows) when it is looked up. */
export class TreeNodeIndex {
  private readonly built = new Map<string, TreeNode>();
  /** Question ids whose subtask's rows are not built yet. */
  private readonly pending = new Map<string, SubtaskNode>();

  set(node: TreeNode): void {
    this.built.set(node.id, node);
  }

  /** Registers the rows `subtask` shows, before they are built. */
  expect(questionId: string, subtask: SubtaskNode): void {
    this.pending.set(questionId, subtask);
  }

  get(id: string): TreeNode | undefined {
    const found = this.built.get(id);
    if (found) return found;
    const subtask = this.pending.get(id);
    if (!subtask) return undefined;
    for (const c of subtask.children) {
      this.built.set(c.id, c);
      this.pending.delete(c.id);
    }
    return this.built.get(id);
  }
}

export interface QuestionTree {
  roots: Array<GroupNode | SubtaskNode>;
  byId: TreeNodeIndex;
  /** Question uids in display order (filter and sort applied), for the viewer's next / previous. */
  order: string[];
  /** Every scene of the loaded questions, sorted, for the scene filter's picker. */
  scenes: string[];
}

const COMPETENCY_ICONS: Readonly<Record<CompetencyKey, string>> = {
  object_localization: 'target',
  self_localization: 'person',
  scene_structure: 'map',
};

const KIND_ICONS = { angle: 'compass', distance: 'arrow-both', point: 'location', choice: 'list-selection' } as const;

export const OTHER_LABEL = 'Other (unknown task)';

export const nodeIds = {
  competency: (key: string) => `competency:${key}`,
  subtask: (key: string) => `subtask:${key}`,
  question: (uid: string) => `question:${uid}`,
};

/**
 * Builds the tree from the loaded questions (in dataset order, duplicates across datasets already removed),
 * the active result file if any, and the filter. Subtasks without questions are left out, and so are
 * subtasks (and competencies) that the filter empties.
 */
export function buildQuestionTree(
  questions: readonly Question[],
  active: ActiveResultView | undefined,
  filter: FilterState,
  audit?: ReadonlyMap<string, QuestionAuditState>,
  diagnosis?: TreeDiagnosis,
  nodes: QuestionNodeCache = new QuestionNodeCache(),
): QuestionTree {
  const bySubtask = new Map<SubtaskOrOther, Array<{ question: Question; outcome?: QuestionOutcome; order: number }>>();
  const scenes = new Set<string>();
  questions.forEach((question, order) => {
    if (question.scene) scenes.add(question.scene);
    const list = bySubtask.get(question.subtask) ?? [];
    list.push({ question, outcome: active?.evaluation.byUid.get(question.uid), order });
    bySubtask.set(question.subtask, list);
  });

  const byId = new TreeNodeIndex();
  const order: string[] = [];
  const filtering = isFilterActive({ ...filter, sort: 'dataset' });
  const coverage: Coverage | undefined = active
    ? coverageOf(active.evaluation.subtasks, questionsPerSubtask(questions.map((q) => q.subtask)))
    : undefined;
  const lossText = (key: SubtaskOrOther, info: SubtaskInfo | undefined): string | undefined => {
    const e = key === OTHER ? undefined : active?.evaluation.formatLoss?.subtasks[key];
    return e && info && active ? subtaskFormatLossText(fileStem(active.label), info.abbreviation, e) : undefined;
  };
  // A narrow sidebar cuts a row's end: the short form and the score come first, the full name last.
  const subtaskNode = (
    key: SubtaskOrOther,
    label: string,
    icon: string,
    parentId: string | undefined,
    info?: SubtaskInfo,
  ): SubtaskNode | undefined => {
    const all = bySubtask.get(key);
    if (!all || all.length === 0) return undefined;
    const id = nodeIds.subtask(key);
    const shown = sortQuestions(
      all.filter((x) => matchesFilter(x.question, x.outcome, filter, audit, diagnosis?.filter)),
      filter.sort,
    );
    // Under a filter, a subtask with no matching question is only noise.
    if (shown.length === 0 && filtering) return undefined;
    const score = !active ? undefined : key === OTHER ? null : (active.evaluation.subtasks[key]?.score ?? null);
    const covered = key === OTHER ? undefined : coverage?.bySubtask[key];
    const count = countDescription(shown.length, all.length, score, covered);
    let children: QuestionNode[] | undefined;
    const node: SubtaskNode = {
      type: 'subtask',
      id,
      key,
      label,
      description: info ? `${count} · ${info.name}` : count,
      tooltip: info ? subtaskTooltip(info, all.length, score, covered, lossText(key, info)) : undefined,
      contextValue: 'subtask',
      icon,
      total: all.length,
      shown: shown.length,
      parentId,
      get children() {
        return (children ??= shown.map((x) => nodes.node(x.question, x.outcome, active, id, diagnosis?.active)));
      },
    };
    for (const x of shown) {
      byId.expect(nodeIds.question(x.question.uid), node);
      order.push(x.question.uid);
    }
    byId.set(node);
    return node;
  };

  const roots: Array<GroupNode | SubtaskNode> = [];
  for (const c of COMPETENCIES) {
    const id = nodeIds.competency(c.key);
    const children = SUBTASKS.filter((s) => s.competency === c.key)
      .map((s) => subtaskNode(s.key, s.abbreviation, KIND_ICONS[s.kind], id, s))
      .filter((n): n is SubtaskNode => n !== undefined);
    if (children.length === 0) continue;
    // Questions of the competency before filtering, including subtasks the filter emptied.
    const total = SUBTASKS.filter((s) => s.competency === c.key).reduce((n, s) => n + (bySubtask.get(s.key)?.length ?? 0), 0);
    const shown = children.reduce((n, s) => n + s.shown, 0);
    const node: GroupNode = {
      type: 'competency',
      id,
      key: c.key,
      label: c.name,
      description: countDescription(shown, total),
      contextValue: 'competency',
      icon: COMPETENCY_ICONS[c.key],
      children,
    };
    byId.set(node);
    roots.push(node);
  }
  const other = subtaskNode(OTHER, OTHER_LABEL, 'question', undefined);
  if (other) roots.push(other);
  return { roots, byId, order, scenes: [...scenes].sort((a, b) => a.localeCompare(b, 'en', { numeric: true })) };
}

/**
 * Question nodes kept across tree builds: a filter or sort change shows other nodes, it does not change them. A node
 * is rebuilt when its question (a dataset reload), its outcome (a new evaluation), the active file's name or its
 * diagnosis changed.
 */
export class QuestionNodeCache {
  private readonly entries = new WeakMap<
    Question,
    { outcome?: QuestionOutcome; activeLabel?: string; diagnosis: TreeDiagnosis['active']; node: QuestionNode }
  >();

  node(
    q: Question,
    outcome: QuestionOutcome | undefined,
    active: ActiveResultView | undefined,
    parentId: string,
    diagnosis: TreeDiagnosis['active'],
  ): QuestionNode {
    const e = this.entries.get(q);
    if (e && e.outcome === outcome && e.activeLabel === active?.label && e.diagnosis === diagnosis && e.node.parentId === parentId)
      return e.node;
    // A new outcome (the active file scored, its diagnosis arrived) changes the label and the icon, not the parts
    // that depend on the question alone.
    const node = questionNode(q, outcome, active, parentId, diagnosis, e?.node);
    this.entries.set(q, { outcome, activeLabel: active?.label, diagnosis, node });
    return node;
  }
}

function questionNode(
  q: Question,
  outcome: QuestionOutcome | undefined,
  active: ActiveResultView | undefined,
  parentId: string,
  diagnosis: TreeDiagnosis['active'],
  sameQuestion?: Pick<QuestionNode, 'description' | 'warning'>,
): QuestionNode {
  const status = statusOfOutcome(outcome);
  const look = STATUS_LOOK[status];
  const warning = sameQuestion ? sameQuestion.warning : problemReason(q);
  const node: QuestionNode = {
    type: 'question',
    id: nodeIds.question(q.uid),
    uid: q.uid,
    label: questionSummary(q, outcome, active !== undefined),
    description: sameQuestion ? sameQuestion.description : shortQuestionLabel(q.uid, q.scene),
    contextValue: warning ? 'question.problem' : 'question',
    icon: look.icon,
    iconColor: look.color,
    status,
    warning,
    parentId,
  };
  // The tooltip is the node's costliest part and only a hovered row shows it: written on first read.
  Object.defineProperty(node, 'tooltip', {
    enumerable: true,
    configurable: true,
    get: () => {
      const tooltip = questionTooltip(q, outcome, active?.label, diagnosisTooltipWords(diagnosis, q.uid, q.subtask));
      Object.defineProperty(node, 'tooltip', { value: tooltip, enumerable: true, writable: false });
      return tooltip;
    },
  });
  return node;
}

/** The parent of a node (for TreeView.reveal), or undefined for roots. */
export function parentOf(tree: QuestionTree, node: TreeNode): GroupNode | SubtaskNode | undefined {
  if (node.type === 'competency') return undefined;
  const pid = node.parentId;
  return pid ? (tree.byId.get(pid) as GroupNode | SubtaskNode | undefined) : undefined;
}

/** The tree as the InspectorApi reports it: filter and sort applied, expanded to `depth` levels (all by default). */
export function snapshot(nodes: readonly TreeNode[], depth = Infinity): TreeSnapshotNode[] {
  return nodes.map((n) => {
    const s: TreeSnapshotNode = {
      id: n.id,
      label: n.label,
      description: n.description,
      tooltip: n.tooltip ? tooltipText(n.tooltip) : undefined,
      contextValue: n.contextValue,
      icon: n.icon,
    };
    if (n.type !== 'question' && depth > 1) s.children = snapshot(n.children, depth - 1);
    return s;
  });
}
