/**
 * `npm run i18n`: writes the English catalogue from the code's texts, adds each new text to the
 * other catalogues' "to translate" report, and compiles every catalogue (docs/i18n.md).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CATALOGUE_DIR, COMPILED_DIR, catalogueLanguages, compileCatalogues, englishCatalogue, readCatalogue } from './catalogues.js';

const english = englishCatalogue();
writeFileSync(join(CATALOGUE_DIR, 'en.json'), `${JSON.stringify(english, null, 2)}\n`);
for (const [file, text] of Object.entries(compileCatalogues(english))) writeFileSync(join(COMPILED_DIR, file), text);

const ids = Object.keys(english);
console.log(`English: ${ids.length} messages`);
for (const language of catalogueLanguages().filter((code) => code !== 'en')) {
  const catalogue = readCatalogue(language);
  const missing = ids.filter((id) => !Object.prototype.hasOwnProperty.call(catalogue, id));
  const unused = Object.keys(catalogue).filter((id) => !Object.prototype.hasOwnProperty.call(english, id));
  console.log(`${language}: ${ids.length - missing.length} of ${ids.length} translated${unused.length ? `, ${unused.length} no longer used` : ''}`);
  for (const id of missing) console.log(`  to translate: ${JSON.stringify(id)}`);
  for (const id of unused) console.log(`  no longer used: ${JSON.stringify(id)}`);
}
