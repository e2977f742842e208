import { fileURLToPath } from 'node:url';

/**
 * `import catalogs from 'virtual:island-catalogs'` in an island gives `{ en, da }`: Lingui's
 * compiled catalogs cut down to the messages the island uses (decision 0037). A message is used
 * when its id (the macro's hash, or a validation message's English text) appears as a string in
 * the island's own code or in any workspace module it imports. In development, the whole catalogs.
 */
const ID = 'virtual:island-catalogs';
const PREFIX = '\0island-catalogs:';
const LOCALES = ['en', 'da'];
const catalogFile = (locale) =>
  fileURLToPath(new URL(`../packages/i18n/locales/${locale}/messages.po`, import.meta.url));

/** Every string in a parsed module: literals and the fixed parts of template literals. */
function collectStrings(node, strings) {
  if (Array.isArray(node)) {
    for (const child of node) collectStrings(child, strings);
  } else if (node && typeof node === 'object') {
    if (node.type === 'Literal' && typeof node.value === 'string') strings.add(node.value);
    if (node.type === 'TemplateElement' && node.value.cooked) strings.add(node.value.cooked);
    for (const key in node) if (key !== 'type') collectStrings(node[key], strings);
  }
}

/** Every string literal in a module and the workspace modules it imports, as Vite transformed them. */
async function stringsOf(context, entry) {
  const strings = new Set();
  const seen = new Set();
  const visit = async (id) => {
    if (seen.has(id) || id.includes('/node_modules/') || id.startsWith('\0') || /\.(css|po)$/.test(id))
      return;
    seen.add(id);
    const info = context.getModuleInfo(id)?.code ? context.getModuleInfo(id) : await context.load({ id });
    const ast = context.parse(info?.code ?? '');
    collectStrings(ast, strings);
    const sources = ast.body
      .filter((node) => node.source && /^(Import|ExportNamed|ExportAll)Declaration$/.test(node.type))
      .map((node) => node.source.value);
    for (const source of sources) {
      if (source === ID) continue;
      const resolved = await context.resolve(source, id);
      if (resolved && !resolved.external) await visit(resolved.id.split('?')[0]);
    }
  };
  await visit(entry);
  return strings;
}

/** A Lingui-compiled catalog module's messages (`export const messages=JSON.parse("…")`). */
function compiledMessages(code) {
  const literal = /JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(code)?.[1];
  if (!literal) throw new Error('Unexpected compiled catalog');
  return JSON.parse(JSON.parse(literal));
}

export function islandCatalogs() {
  let serving = false;
  return {
    name: 'tidewatch:island-catalogs',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    resolveId(source, importer) {
      if (source === ID && importer) return PREFIX + importer.split('?')[0];
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return null;
      if (serving) {
        const imports = LOCALES.map(
          (locale) => `import { messages as ${locale} } from ${JSON.stringify(catalogFile(locale))};`,
        );
        return `${imports.join('\n')}\nexport default { ${LOCALES.join(', ')} };`;
      }
      const used = await stringsOf(this, id.slice(PREFIX.length));
      const catalogs = {};
      for (const locale of LOCALES) {
        const { code } = await this.load({ id: catalogFile(locale) });
        catalogs[locale] = Object.fromEntries(
          Object.entries(compiledMessages(code)).filter(([messageId]) => used.has(messageId)),
        );
      }
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(catalogs))});`;
    },
  };
}
