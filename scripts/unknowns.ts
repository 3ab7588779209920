/**
 * Prints the unknowns report of the last build: every unknown marked with <Unknown>
 * or x-unknown, by page, heading and topic, and the totals per section.
 * Usage: npm run unknowns [-- --build <dir>] [-- --json]
 */
import path from 'node:path';
import fs from 'node:fs';
import { collectMarks, markProblems } from '../src/plugins/unknowns';

const args = process.argv.slice(2);
const buildDir = path.resolve(args.includes('--build') ? args[args.indexOf('--build') + 1] : 'build');
if (!fs.existsSync(path.join(buildDir, 'index.html'))) {
  console.error(`${buildDir} holds no build: run npm run build first.`);
  process.exit(2);
}
const marks = collectMarks(buildDir);
if (args.includes('--json')) {
  console.log(JSON.stringify(marks, null, 2));
} else {
  const cell = (s: string) => s.replace(/\|/g, '\\|');
  console.log('| page | heading | topic | what is not documented yet |');
  console.log('|---|---|---|---|');
  for (const g of marks) console.log(`| ${g.route} | ${cell(g.heading)} | ${g.topic} | ${cell(g.text)} |`);
  const sections = new Map<string, number>();
  for (const g of marks) {
    const section = g.route.split('/')[1] ?? '';
    sections.set(section, (sections.get(section) ?? 0) + 1);
  }
  console.log(
    `\n${marks.length} marks on ${new Set(marks.map((g) => g.route)).size} pages: ${[...sections].map(([s, n]) => `/${s} ${n}`).join(', ')}`,
  );
}
const problems = markProblems(marks);
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
