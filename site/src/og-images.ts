import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { escape as escapeMarkup, unescape as unescapeMarkup } from 'html-escaper';
import sharp from 'sharp';

const WIDTH = 1200;
const HEIGHT = 630;
/** Characters of the title on one line of the card at its font size, and lines at most. */
const LINE_LENGTH = 28;
const MAX_LINES = 3;

/** The title broken into lines at spaces, the last one shortened with an ellipsis if it runs over. */
export function titleLines(title: string): string[] {
  const lines: string[] = [];
  for (const word of title.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= LINE_LENGTH)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  if (lines.length <= MAX_LINES) return lines;
  const kept = lines.slice(0, MAX_LINES);
  kept[MAX_LINES - 1] = `${kept[MAX_LINES - 1]?.slice(0, LINE_LENGTH - 1)}…`;
  return kept;
}

/** The brand card (colours and waves) with the page's title and the product name. */
export function cardSvg(title: string, product: string): string {
  const lines = titleLines(title);
  const top = 300 - ((lines.length - 1) * 76) / 2;
  const text = lines
    .map((line, index) => `<tspan x="96" y="${top + index * 76}">${escapeMarkup(line)}</tspan>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<rect width="${WIDTH}" height="${HEIGHT}" fill="#0b4f8a"/>
<g transform="translate(96 64) scale(0.35)"><rect width="260" height="260" rx="56" fill="#ffffff" fill-opacity="0.12"/><g fill="none" stroke="#ffffff" stroke-width="18" stroke-linecap="round"><path d="M35 105c25 0 25-16 50-16s25 16 50 16 25-16 50-16 25 16 40 16"/><path d="M35 160c25 0 25-16 50-16s25 16 50 16 25-16 50-16 25 16 40 16"/></g></g>
<text x="200" y="122" font-family="Liberation Sans, DejaVu Sans, Arial, sans-serif" font-size="40" font-weight="700" fill="#ffffff">${escapeMarkup(product)}</text>
<text font-family="Liberation Sans, DejaVu Sans, Arial, sans-serif" font-size="64" font-weight="700" fill="#ffffff">${text}</text>
<g fill="none" stroke="#3fb68b" stroke-width="6" stroke-linecap="round" stroke-opacity="0.7"><path d="M0 560c100 0 100-30 200-30s100 30 200 30 100-30 200-30 100 30 200 30 100-30 200-30 100 30 200 30"/><path d="M0 600c100 0 100-30 200-30s100 30 200 30 100-30 200-30 100 30 200 30 100-30 200-30 100 30 200 30"/></g>
</svg>`;
}

const metaContent = (html: string, property: string) => {
  const match = html.match(new RegExp(`<meta property="${property}" content="([^"]*)"`));
  // Astro escapes attributes with html-escaper, so its unescape reads them back exactly.
  return match?.[1] === undefined ? undefined : unescapeMarkup(match[1]);
};

/**
 * Renders each built page's link-preview card, named by its `og:image`, from its `og:title`
 * (`og:site_name` is the product). Pages whose `og:image` is a picture of their own are left alone.
 * Cards are cached by their SVG, so a rebuild renders only changed titles.
 */
export function previewCards(options: { cacheDir: string }): AstroIntegration {
  return {
    name: 'tidewatch-preview-cards',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const outDir = fileURLToPath(dir);
        fs.mkdirSync(options.cacheDir, { recursive: true });
        const pages = fs
          .readdirSync(outDir, { recursive: true, encoding: 'utf8' })
          .filter((file) => file.endsWith('.html'));
        let rendered = 0;
        for (const page of pages) {
          const html = fs.readFileSync(path.join(outDir, page), 'utf8');
          const image = metaContent(html, 'og:image');
          const title = metaContent(html, 'og:title');
          const product = metaContent(html, 'og:site_name') ?? '';
          if (!image || !title) continue;
          const cardPath = new URL(image).pathname;
          if (!cardPath.startsWith('/og/')) continue;
          const svg = cardSvg(title.replace(new RegExp(` · ${product}$`), ''), product);
          const cached = path.join(options.cacheDir, `${createHash('sha256').update(svg).digest('hex')}.png`);
          if (!fs.existsSync(cached)) {
            await sharp(Buffer.from(svg)).png().toFile(cached);
            rendered += 1;
          }
          const target = path.join(outDir, cardPath);
          fs.mkdirSync(path.dirname(target), { recursive: true });
          fs.copyFileSync(cached, target);
        }
        logger.info(`${pages.length} pages, ${rendered} preview cards rendered, the rest from the cache`);
      },
    },
  };
}
