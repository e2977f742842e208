import type { APIRoute } from 'astro';
import { localePaths, type SiteLocale } from '../../../i18n';
import { DOWNLOADS, type DownloadFile } from '../../../pdf/documents';

/** The PDFs, built with the site from the same content: /downloads/<file>, and /da/downloads/<file> in Danish. */
export function getStaticPaths() {
  return localePaths().flatMap(({ params, props }) =>
    Object.keys(DOWNLOADS).map((file) => ({ params: { ...params, file }, props })),
  );
}

export const GET: APIRoute = async ({ params, props, site }) => {
  const build = DOWNLOADS[params.file as DownloadFile];
  const bytes = await build(
    (props as { locale: SiteLocale }).locale,
    site ?? new URL('http://localhost:3000'),
  );
  return new Response(new Uint8Array(bytes), { headers: { 'Content-Type': 'application/pdf' } });
};
