/** Each `<folder>/question.json` of a layout-A dataset, JSON.parsed, by uid (what every limit reads first). */
export function readQuestions(dataset: string): Map<string, { uid: unknown; task: string; answer: unknown }>;
