/** `npm run docs:config`: writes docs/configuration.md from the configuration schemas. */
import { writeFileSync } from 'node:fs';
import { CONFIG_PAGE, configPage } from './config-page';

writeFileSync(CONFIG_PAGE, configPage());
console.log(`Wrote ${CONFIG_PAGE}.`);
