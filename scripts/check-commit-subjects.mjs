// Checks the subject line of every commit since the house style began: `area: what changed`, in the
// imperative, at most 72 characters, no closing period (docs/conventions.md, "Commits").
// Run by .ci/run before the tests; `node scripts/check-commit-subjects.mjs [base]` checks base..HEAD.
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

/** The last commit written before the rule: every commit after it is held to it. */
export const STYLE_BEGINS_AFTER = '4ca23aa68734eae3c0958ed46f7fc1e8b6dbc767';

const MAX_LENGTH = 72;
const SHAPE = /^[a-z][a-z0-9 ./_-]{0,30}: \S/;

/** What is wrong with a subject, in a sentence; undefined when it follows the rule. */
export function subjectProblem(subject) {
  if (subject.length > MAX_LENGTH) return `is ${subject.length} characters long; at most ${MAX_LENGTH}`;
  if (!SHAPE.test(subject)) return 'does not start with a lower-case area and a colon ("orders: cap what …")';
  if (/[.]$/.test(subject)) return 'ends with a period';
  const verb = subject.slice(subject.indexOf(':') + 2).split(/\s/)[0] ?? '';
  if (/^[a-z]+(ed|ing)$/i.test(verb) && !/^(embed|speed|need|feed|seed|bring|string)$/i.test(verb)) {
    return `starts with "${verb}"; say what the commit does, in the imperative ("add", not "added")`;
  }
  return undefined;
}

function git(...args) {
  return execFileSync('git', args, { encoding: 'utf8' }).trim();
}

function commitExists(rev) {
  try {
    git('cat-file', '-e', `${rev}^{commit}`);
    return true;
  } catch {
    return false;
  }
}

function main() {
  const given = process.argv[2];
  // A shallow clone may lack the start of the rule: then the newest commit is checked alone.
  const base = given ?? (commitExists(STYLE_BEGINS_AFTER) ? STYLE_BEGINS_AFTER : 'HEAD~1');
  const range = commitExists(base) ? `${base}..HEAD` : '-1';
  const lines = git('log', '--format=%h %s', range).split('\n').filter(Boolean);
  const problems = lines.flatMap((line) => {
    const [hash, ...words] = line.split(' ');
    const problem = subjectProblem(words.join(' '));
    return problem ? [`${hash} "${words.join(' ')}" ${problem}`] : [];
  });
  if (problems.length > 0) {
    console.error(`Commit subjects that break the rule (docs/conventions.md, "Commits"):\n${problems.join('\n')}`);
    process.exit(1);
  }
  console.log(`Commit subjects: ${lines.length} checked, all follow "area: what changed".`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
