import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema/index.ts';
import { apiSrc, importsOf, moduleOf, relative, sourceFiles } from '../helpers/import-graph.ts';

/**
 * Each table has one owning module: the module whose queries create its rows and keep its rules. Any
 * other module's SQL that touches the table is declared below with a one-line reason, as a read or a
 * write (a write allows reading too). The test reads every file under modules/ (SQL is only in
 * queries.ts / *-queries.ts: eslint.config.js) and fails on an undeclared touch, on a declared read
 * that writes, and on a declaration nothing needs any more.
 *
 * A new table: add it to its owner here. A module that needs another's data: call the owner's
 * service.ts; declare a cross read only when the rows must be in the same statement (a join for a
 * list, a lock, a predicate), and say why.
 */
const owners: Record<string, string[]> = {
  accounts: ['accounts', 'consents', 'escort_profiles'],
  sessions: ['sessions'],
  recovery: ['recovery_codes', 'recovery_guards'],
  'two-factor': [
    'totp_factors',
    'two_factor_recovery_codes',
    'login_challenges',
    'second_factor_failures',
    'passkeys',
    'webauthn_challenges',
    'known_devices',
    'security_notices',
  ],
  validation: ['identity_documents'],
  audit: ['audit_log'],
  gallery: ['media'],
  favorites: ['favorites'],
  meetings: ['meetings', 'meeting_messages', 'meeting_reads'],
  comments: ['comments', 'comment_dislikes'],
  ratings: ['escort_ratings', 'client_ratings', 'rating_totals'],
  blocks: ['blocks'],
  rentals: ['rentals'],
  reports: ['reports'],
  'data-rights': ['rectification_requests'],
  'photo-verification': ['photo_verification_codes', 'photo_verifications'],
  signals: ['registration_marks', 'signal_dismissals'],
  checkins: ['trusted_contacts', 'contact_refusals', 'safety_checkins'],
  statistics: ['profile_daily_stats'],
  touring: ['escort_visits', 'visit_alerts'],
  push: ['push_subscriptions', 'push_prefs'],
  notifications: ['notification_prefs'],
  'saved-searches': ['saved_searches', 'saved_search_hits'],
  mail: ['mail_outbox'],
  alerts: ['safety_alerts', 'alert_settings'],
  attendance: ['attendance_marks'],
  'photo-holds': ['photo_holds'],
  watermark: ['watermarks'],
};

interface CrossAccess {
  module: string;
  table: string;
  access: 'read' | 'write';
  reason: string;
}

const crossAccess: CrossAccess[] = [
  // Nicknames and display fields of the people in a list, joined into the list's one statement.
  ...(
    [
      ['audit', "the decision log shows each entry's account kind beside it"],
      ['blocks', "her blocked list shows each client's nickname"],
      ['checkins', "a check-in's alert names her (nickname, e-mail, phone) for her contacts"],
      ['comments', "comment lists show the escort's nickname"],
      ['favorites', "the favourites list shows each escort's nickname, photo and surname"],
      ['meetings', "meeting lists and requests show the other side's nickname and photo"],
      ['photo-verification', "the admin queue and decisions show the escort's nickname, photo and e-mail"],
      ['signals', 'the admin signals list the accounts they group, by nickname'],
      ['alerts', "the admin's alert queue names the client and the author by nickname"],
      ['attendance', "the admin's attendance disputes name both sides by nickname"],
    ] as const
  ).map(([module, reason]) => ({ module, table: 'accounts', access: 'read' as const, reason })),
  // The public read model: search pages and cards are one keyset query over the profile, its totals and visits.
  {
    module: 'directory',
    table: 'accounts',
    access: 'read',
    reason: 'cards show name, age, city and photo; one keyset query per page',
  },
  {
    module: 'directory',
    table: 'escort_profiles',
    access: 'read',
    reason: 'the search filters and sorts on the profile columns and their indexes',
  },
  {
    module: 'directory',
    table: 'rating_totals',
    access: 'read',
    reason: 'cards and the rating sort read the running sums in the page query',
  },
  {
    module: 'directory',
    table: 'escort_visits',
    access: 'read',
    reason: "the listing's visitors of today are searched by place and date in one query",
  },
  {
    module: 'saved-searches',
    table: 'accounts',
    access: 'read',
    reason: "a save locks the client's account row so two saves at once cannot pass the limit of 10",
  },
  // Favourite-visit notices (decision 0170): who to tell is one statement over her fans and their comunas.
  {
    module: 'touring',
    table: 'favorites',
    access: 'read',
    reason: "a visit's notice goes to the clients who have her as a favourite",
  },
  {
    module: 'touring',
    table: 'accounts',
    access: 'read',
    reason: "a visit's notice goes to the fans whose comuna is the visit's, with their address",
  },
  {
    module: 'touring',
    table: 'notification_prefs',
    access: 'read',
    reason: 'a fan may have chosen another comuna for visit notices',
  },
  {
    module: 'touring',
    table: 'escort_profiles',
    access: 'read',
    reason: "a visit's notice is sent only while her card is public",
  },
  {
    module: 'favorites',
    table: 'escort_profiles',
    access: 'read',
    reason: 'the favourites list leaves out profiles that are not public',
  },
  {
    module: 'signals',
    table: 'escort_profiles',
    access: 'read',
    reason: 'signals about escorts show whether the profile is listed',
  },
  {
    module: 'signals',
    table: 'media',
    access: 'read',
    reason: 'the same photo under several accounts: a self-join on the perceptual-hash bands',
  },
  {
    module: 'photo-holds',
    table: 'media',
    access: 'write',
    reason:
      "the hold is set in the upload's transaction (decision 0177); gallery and profiles call photo-holds, so not the reverse",
  },
  {
    module: 'photo-holds',
    table: 'accounts',
    access: 'write',
    reason:
      "a released profile photo becomes the account's url (the card's picture), in the decision's transaction",
  },
  {
    module: 'watermark',
    table: 'media',
    access: 'write',
    reason:
      'marking swaps the served url/variants with the originals (decision 0178); gallery and profiles call watermark, so not the reverse',
  },
  {
    module: 'watermark',
    table: 'accounts',
    access: 'write',
    reason: "her card's url follows her profile photo's marked or original file, in the swap's transaction",
  },
  {
    module: 'signals',
    table: 'photo_holds',
    access: 'read',
    reason: "a 'misma_foto' signal shows the held pictures of its accounts and the admin's decision",
  },
  {
    module: 'signals',
    table: 'identity_documents',
    access: 'read',
    reason: 'the same identity document under several accounts: a self-join on its perceptual hash',
  },
  {
    module: 'attendance',
    table: 'meetings',
    access: 'read',
    reason:
      "marking checks the caller's accepted meeting and its time; meetings asks attendance for the record, so not the reverse",
  },
  {
    module: 'alerts',
    table: 'meetings',
    access: 'read',
    reason:
      "filing checks the escort's accepted meeting; meetings asks alerts for badges, so not the reverse",
  },
  // Comments and ratings build on meetings, so meetings cannot call their services (that would be a cycle).
  {
    module: 'meetings',
    table: 'comments',
    access: 'read',
    reason: "'no comment on this meeting yet' is part of the commentable-meeting lock and the pair state",
  },
  {
    module: 'meetings',
    table: 'escort_ratings',
    access: 'read',
    reason: 'reviewVisibleSql (both sides rated or the window ended) and my meetings list',
  },
  {
    module: 'meetings',
    table: 'client_ratings',
    access: 'read',
    reason: 'reviewVisibleSql (both sides rated or the window ended) and my meetings list',
  },
  {
    module: 'comments',
    table: 'meetings',
    access: 'read',
    reason: "a comment list shows its meeting's window, joined per comment",
  },
  // Writes outside the owner: each is one column family of a shared row, or an erasure.
  {
    module: 'sessions',
    table: 'accounts',
    access: 'write',
    reason:
      'signing in stamps last_active_at; accounts signs in through sessions, so sessions cannot call it',
  },
  {
    module: 'validation',
    table: 'accounts',
    access: 'write',
    reason: 'the approval decision (autorizado, motivo, approved_at) is what validation decides',
  },
  {
    module: 'profiles',
    table: 'accounts',
    access: 'write',
    reason:
      'her own profile edits (apellido, fono, url, ciudad), with the row lock that serialises photo changes',
  },
  {
    module: 'profiles',
    table: 'escort_profiles',
    access: 'write',
    reason: 'her own profile edits (medidas, legenda, estado, servicios...)',
  },
  {
    module: 'profiles',
    table: 'media',
    access: 'write',
    reason: "the profile photo is a media row (purpose 'profile'), written in the photo's transaction",
  },
  {
    module: 'gallery',
    table: 'escort_profiles',
    access: 'write',
    reason: 'gallery_count is the slot counter: the conditional update is the limit under concurrency',
  },
  {
    module: 'reports',
    table: 'escort_profiles',
    access: 'write',
    reason: 'a report on hold suspends the profile (suspended), in the decision transaction',
  },
  {
    module: 'blocks',
    table: 'meetings',
    access: 'write',
    reason:
      "blocking ends the pair's open meetings in its transaction; meetings imports blocks, not the reverse",
  },
  // Ley 21.719: the holder's copy of her data, and the erasure of her account, cross every table she has rows in.
  ...(
    [
      ['audit_log', 'read'],
      ['blocks', 'read'],
      ['consents', 'read'],
      ['favorites', 'read'],
      ['meeting_messages', 'read'],
      ['notification_prefs', 'read'],
      ['photo_verifications', 'read'],
      ['rating_totals', 'read'],
      ['safety_checkins', 'read'],
      ['sessions', 'read'],
      ['accounts', 'write'],
      ['escort_profiles', 'write'],
      ['comments', 'write'],
      ['escort_ratings', 'write'],
      ['client_ratings', 'write'],
      ['meetings', 'write'],
      ['media', 'write'],
      ['identity_documents', 'write'],
      ['reports', 'write'],
    ] as const
  ).map(([table, access]) => ({
    module: 'data-rights',
    table,
    access,
    reason:
      access === 'read'
        ? 'the data export lists her rows of this table (access and portability)'
        : 'deletion, anonymisation, pause, rectification or retention of her rows, in one transaction',
  })),
];

// ---- reading the code ---------------------------------------------------------------------------

const schemaDir = path.join(apiSrc, 'db', 'schema');
const tableOfExport = new Map<string, string>();
for (const [name, value] of Object.entries(schema))
  if (is(value, PgTable)) tableOfExport.set(name, getTableName(value));
const tableNames = new Set(tableOfExport.values());

const rawRead = /\b(?:from|join|into|update)\s+"?([a-z_]+)"?/gi;
const rawWrite = /\b(?:insert\s+into|update|delete\s+from)\s+"?([a-z_]+)"?/gi;

interface Use {
  reads: Set<string>;
  writes: Set<string>;
}

/** Tables one file touches: schema tables it imports as values, and tables named in its SQL text. */
function tablesUsedBy(file: string): Use {
  const text = fs.readFileSync(file, 'utf8');
  const reads = new Set<string>();
  const writes = new Set<string>();
  const localTable = new Map<string, string>();
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  for (const ref of importsOf(file, text)) {
    if (ref.typeOnly || !ref.target?.startsWith(schemaDir)) continue;
    if (ref.names.includes('*')) throw new Error(`${relative(file)}: import tables by name from db/schema`);
  }
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const target = path.resolve(path.dirname(file), statement.moduleSpecifier.text);
    const clause = statement.importClause;
    if (!target.startsWith(schemaDir) || !clause || clause.isTypeOnly) continue;
    const bindings = clause.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) {
      const table = tableOfExport.get((element.propertyName ?? element.name).text);
      if (!table || element.isTypeOnly) continue;
      localTable.set(element.name.text, table);
      reads.add(table);
    }
  }
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ['insert', 'update', 'delete'].includes(node.expression.name.text) &&
      node.arguments.length === 1 &&
      ts.isIdentifier(node.arguments[0]!)
    ) {
      const table = localTable.get((node.arguments[0] as ts.Identifier).text);
      if (table) writes.add(table);
    }
    const sqlText = ts.isNoSubstitutionTemplateLiteral(node)
      ? node.text
      : ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)
        ? node.text
        : ts.isStringLiteral(node) &&
            ts.isCallExpression(node.parent) &&
            node.parent.getText(source).startsWith('sql.raw(')
          ? node.text
          : undefined;
    if (sqlText !== undefined) {
      for (const [, name] of sqlText.matchAll(rawRead)) if (tableNames.has(name!)) reads.add(name!);
      for (const [, name] of sqlText.matchAll(rawWrite)) if (tableNames.has(name!)) writes.add(name!);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  for (const table of writes) reads.add(table);
  return { reads, writes };
}

/** Per module, each table it touches with the files that touch it and whether any of them writes. */
function usesByModule() {
  const uses = new Map<string, Map<string, { files: Set<string>; write: boolean }>>();
  for (const file of sourceFiles(path.join(apiSrc, 'modules'))) {
    const module = moduleOf(file)!;
    const { reads, writes } = tablesUsedBy(file);
    const byTable = uses.get(module) ?? new Map<string, { files: Set<string>; write: boolean }>();
    uses.set(module, byTable);
    for (const table of reads) {
      const use = byTable.get(table) ?? { files: new Set<string>(), write: false };
      use.files.add(relative(file));
      use.write ||= writes.has(table);
      byTable.set(table, use);
    }
  }
  return uses;
}

const ownerOf = new Map(Object.entries(owners).flatMap(([module, tables]) => tables.map((t) => [t, module])));
const declared = (module: string, table: string) =>
  crossAccess.find((c) => c.module === module && c.table === table);

// ---- the rules ----------------------------------------------------------------------------------

describe('table ownership (apps/api/src/modules)', () => {
  it('gives every table exactly one owning module, and names only real tables and modules', () => {
    const modules = new Set(
      fs
        .readdirSync(path.join(apiSrc, 'modules'), { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name),
    );
    const listed = Object.values(owners).flat();
    expect(
      listed.filter((t, i) => listed.indexOf(t) !== i),
      'tables with two owners',
    ).toEqual([]);
    expect(
      [...tableNames].filter((t) => !ownerOf.has(t)),
      'tables without an owner',
    ).toEqual([]);
    expect(
      listed.filter((t) => !tableNames.has(t)),
      'owned tables missing from db/schema',
    ).toEqual([]);
    expect(
      Object.keys(owners).filter((m) => !modules.has(m)),
      'owners that are not modules',
    ).toEqual([]);
    for (const c of crossAccess) {
      expect(modules.has(c.module) && tableNames.has(c.table), `${c.module} → ${c.table}`).toBe(true);
      expect(ownerOf.get(c.table), `${c.module} declares its own table ${c.table}`).not.toBe(c.module);
      expect(c.reason.trim().length, `${c.module} → ${c.table} needs a reason`).toBeGreaterThan(10);
    }
  });

  it("lets a module's SQL touch another module's table only as declared", () => {
    const problems: string[] = [];
    for (const [module, byTable] of usesByModule()) {
      for (const [table, use] of byTable) {
        if (ownerOf.get(table) === module) continue;
        const files = [...use.files].join(', ');
        const entry = declared(module, table);
        if (!entry)
          problems.push(
            `${module} ${use.write ? 'writes' : 'reads'} ${table} (owner ${ownerOf.get(table)}): ${files}`,
          );
        else if (use.write && entry.access === 'read')
          problems.push(`${module} writes ${table}, declared as a read only: ${files}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('keeps no declaration that nothing needs', () => {
    const uses = usesByModule();
    const stale = crossAccess.filter((c) => {
      const use = uses.get(c.module)?.get(c.table);
      return !use || (c.access === 'write' && !use.write);
    });
    expect(stale.map((c) => `${c.module} → ${c.table} (${c.access})`)).toEqual([]);
  });
});
