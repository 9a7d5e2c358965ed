/**
 * docs/configuration.md, generated from the configuration schemas: `npm run docs:config` writes it,
 * bff/server/config.test.ts fails when the page and the schemas differ.
 */
import type { z } from 'zod';
import { e2eSchema } from '../../e2e/fixtures/env';
import { benchSchema } from '../bench/config';
import { envRows } from '../contract/env-schema';
import { embeddedSchema } from '../embedded/config';
import { bffSchema, devSchema, postgresCliSchema } from '../server/config';
import { doubleSchema, testSchema } from './env';

export const CONFIG_PAGE = 'docs/configuration.md';

type Table = { title: string; module: string; note?: string; schema: z.ZodObject };

const GROUPS: { title: string; intro: string; tables: Table[] }[] = [
  {
    title: 'BFF',
    intro: 'What the BFF reads when it starts; a wrong value stops the start with `Cannot start: ...`.',
    tables: [
      {
        title: '`npm start`',
        module: 'bff/server/config.ts',
        note: '`npm run user:add` reads DATA_DIR and DATABASE_URL as `npm start` does, to open the same store.',
        schema: bffSchema,
      },
      {
        title: '`npm run dev`',
        module: 'bff/server/config.ts',
        note: 'Besides those of `npm start`, which it runs.',
        schema: devSchema,
      },
      { title: '`npm run postgres`', module: 'bff/server/config.ts', schema: postgresCliSchema },
    ],
  },
  {
    title: 'Embedded service',
    intro:
      'The embedded Company Data Service reads these on its own (`npm run service`, `npm run seed`, ' +
      "`npm run keys`) and inside `npm start` when UPSTREAM_URL is not set (there, DATA_DIR is the BFF's).",
    tables: [{ title: 'The embedded service', module: 'bff/embedded/config.ts', schema: embeddedSchema }],
  },
  {
    title: 'Tests and benches',
    intro: 'Knobs of the test harnesses and benches; none of them changes what a user sees.',
    tables: [
      { title: 'Vitest', module: 'bff/testing/env.ts', schema: testSchema },
      {
        title: "The real service's double (`bff/testing/real-service-double-cli.ts`)",
        module: 'bff/testing/env.ts',
        note: 'COMPANIES and SEED as for the embedded service.',
        schema: doubleSchema,
      },
      { title: 'Browser journeys (Playwright)', module: 'e2e/fixtures/env.ts', schema: e2eSchema },
      { title: 'Benches (`npm run bench`)', module: 'bff/bench/config.ts', schema: benchSchema },
    ],
  },
];

const cell = (text: string) => text.replace(/\|/g, '\\|');
/** A default that is a value is code; one that says what applies (words) is not. */
const shownDefault = (d: string) => (d === '(none)' ? '—' : /\s/.test(d) ? cell(d) : `\`${cell(d)}\``);

function table(t: Table): string[] {
  const rows = envRows(t.schema).map(
    ({ name, doc }) =>
      `| \`${name}\` | ${cell(doc.type)} | ${shownDefault(doc.default)} | ${cell(
        doc.description,
      )}${doc.secret ? ' Secret: never shown.' : ''} |`,
  );
  return [
    `### ${t.title}`,
    '',
    `Schema: \`${t.module}\`.${t.note ? ` ${t.note}` : ''}`,
    '',
    '| Variable | Type | Default | Description |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
  ];
}

/** The page as the schemas say it. */
export function configPage(): string {
  return [
    '# Configuration',
    '',
    '<!-- Generated from the configuration schemas by `npm run docs:config`; edit the schemas, not this page. -->',
    '',
    'Every setting is an environment variable, read and checked in one module per program (named in each',
    'table below); no other code reads the environment. The same rules hold for all of them:',
    '',
    '- an empty value is the same as an unset one: the default applies;',
    '- a value that is set but wrong stops the program with a message naming the variable and what is',
    "  wrong (e.g. `BFF_DAILY_BUDGET must be a non-negative number or unlimited, got 'abc'`); every wrong",
    '  variable is named at once;',
    "- a secret's value never appears in a message, a log line or on this page.",
    '',
    ...GROUPS.flatMap((g) => [`## ${g.title}`, '', g.intro, '', ...g.tables.flatMap(table)]),
  ]
    .join('\n')
    .replace(/\n+$/, '\n');
}
