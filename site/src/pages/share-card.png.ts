import type { APIRoute } from 'astro';
import sharp from 'sharp';
import shareCard from '../assets/share-card.svg?raw';

/** The brand card link previews show for pages without a picture of their own: previews want a raster image. */
export const GET: APIRoute = async () => {
  const png = await sharp(Buffer.from(shareCard)).png().toBuffer();
  return new Response(new Uint8Array(png), { headers: { 'content-type': 'image/png' } });
};
