// Types of check-commit-subjects.mjs, which plain `node` runs from .ci/run.
export const STYLE_BEGINS_AFTER: string;
export function subjectProblem(subject: string): string | undefined;
