import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Decision records (docs/decisions/NNNN-kebab-title.md) stay a numbered, indexed series: each names its own
 * number, says whether it holds (or which later record replaced it) and when it was taken, and the README's
 * index lists every one with that status. README.md in the folder explains how to add a record.
 */
const dir = path.resolve(import.meta.dirname, '../../../../docs/decisions');
const fileName = /^(\d{4})-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;
const statusLine = /^Status: (accepted|deprecated|superseded by \[(\d{4})\]\(((\d{4})-[a-z0-9-]+\.md)\))$/m;
const dateLine = /^Date: (\d{4})-(\d{2})-(\d{2})$/m;

const files = fs
  .readdirSync(dir)
  .filter((name) => name !== 'README.md')
  .sort();
const records = files
  .filter((name) => fileName.test(name))
  .map((name) => {
    const text = fs.readFileSync(path.join(dir, name), 'utf8');
    return { name, number: name.slice(0, 4), text, status: statusLine.exec(text) };
  });
const readme = fs.readFileSync(path.join(dir, 'README.md'), 'utf8');

describe('decision records', () => {
  it('are named NNNN-kebab-title.md, and nothing else lives in the folder', () => {
    expect(files.filter((name) => !fileName.test(name))).toEqual([]);
    expect(records.length).toBeGreaterThan(0);
  });

  it('are numbered 0001, 0002, … without gaps or repeats', () => {
    const numbers = records.map((r) => r.number);
    expect(numbers).toEqual(numbers.map((_, i) => String(i + 1).padStart(4, '0')));
  });

  it('open with "# NNNN. Title" under their own number', () => {
    for (const r of records) {
      expect(r.text.split('\n')[0], r.name).toMatch(new RegExp(`^# ${r.number}\\. \\S`));
    }
  });

  it('have a Status line: accepted, deprecated, or superseded by a later record that exists', () => {
    const names = new Set(records.map((r) => r.name));
    for (const r of records) {
      expect(r.status, `${r.name}: no valid Status line`).not.toBeNull();
      const [, , by, target, targetNumber] = r.status!;
      if (by === undefined) continue;
      expect(target && names.has(target), `${r.name}: superseded by a missing record ${target}`).toBe(true);
      expect(by, `${r.name}: link text and target disagree`).toBe(targetNumber);
      expect(Number(by) > Number(r.number), `${r.name}: superseded by an earlier record ${by}`).toBe(true);
    }
  });

  it('have a Date line with a real calendar date', () => {
    for (const r of records) {
      const m = dateLine.exec(r.text);
      expect(m, `${r.name}: no Date line`).not.toBeNull();
      const [, y, mo, d] = m!;
      const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
      expect(date.toISOString().slice(0, 10), r.name).toBe(`${y}-${mo}-${d}`);
    }
  });

  it('have Context, Decision and Consequences sections', () => {
    for (const r of records) {
      const headings = r.text.split('\n').filter((line) => line.startsWith('## '));
      expect(headings, r.name).toEqual(['## Context', '## Decision', '## Consequences']);
    }
  });

  it('link only to records that exist, and cite no tracker issue numbers', () => {
    const names = new Set(records.map((r) => r.name));
    for (const r of [...records, { name: 'README.md', text: readme }]) {
      for (const [, target] of r.text.matchAll(/\]\((\d{4}-[^)#]*\.md)(?:#[^)]*)?\)/g)) {
        expect(names.has(target!), `${r.name} links to missing ${target}`).toBe(true);
      }
      expect(r.text, r.name).not.toMatch(/\bissues? #?\d/i);
    }
  });

  it('are each listed in README.md with their title and status', () => {
    const rows = new Map<string, string>();
    for (const line of readme.split('\n')) {
      const m = /^\| (\d{4}) +\| (.*) \| (.*?) +\|$/.exec(line);
      if (m) rows.set(m[1]!, `${m[2]!.trim()} | ${m[3]}`);
    }
    expect([...rows.keys()]).toEqual(records.map((r) => r.number));
    for (const r of records) {
      const title = r.text.split('\n')[0]!.replace(/^# \d{4}\. /, '');
      expect(rows.get(r.number), r.name).toBe(`[${title}](${r.name}) | ${r.status?.[1]}`);
    }
  });
});
