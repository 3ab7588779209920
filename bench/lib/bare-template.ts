/**
 * The bare Docusaurus classic template (create-docusaurus, TypeScript) that `npm run bench`
 * builds beside this site as the floor of the stack, and the helpers that build and weigh a folder.
 * BARE_DIR=path: where the template lives (installed once per machine).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { filesUnder } from '../../src/built/pages';
import { ROOT } from './weigh';

const BARE_DIR = process.env.BARE_DIR ?? path.join(os.tmpdir(), 'docs-bench-bare-template');
export const DOCUSAURUS_VERSION = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).dependencies[
  '@docusaurus/core'
] as string;

/** Runs a command to its end (stderr shown); its duration in ms. */
export function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): number {
  const start = performance.now();
  const result = spawnSync(cmd, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed in ${cwd}`);
  return performance.now() - start;
}

export function dirSize(dir: string): { bytes: number; files: number } {
  const files = filesUnder(dir);
  return { bytes: files.reduce((sum, file) => sum + fs.statSync(file).size, 0), files: files.length };
}

/** The bare classic TypeScript template, installed once per machine and built in this run. */
export function prepareBareTemplate(): string {
  const site = path.join(BARE_DIR, 'bare');
  if (!fs.existsSync(path.join(site, 'node_modules'))) {
    fs.rmSync(BARE_DIR, { recursive: true, force: true });
    fs.mkdirSync(BARE_DIR, { recursive: true });
    console.error(`creating the bare template (create-docusaurus@${DOCUSAURUS_VERSION}) in ${BARE_DIR}`);
    run('npx', ['--yes', `create-docusaurus@${DOCUSAURUS_VERSION}`, 'bare', 'classic', '--typescript', '--skip-install'], BARE_DIR);
    // The same registry gaps as this project (see package.json overrides).
    const pkgFile = path.join(site, 'package.json');
    const pkg = JSON.parse(fs.readFileSync(pkgFile, 'utf8'));
    pkg.overrides = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).overrides;
    fs.writeFileSync(pkgFile, JSON.stringify(pkg, null, 2));
    run('npm', ['install', '--no-audit', '--no-fund'], site);
  }
  return site;
}
