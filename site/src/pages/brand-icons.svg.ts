import type { APIRoute } from 'astro';
import { brandSprite } from '../brand-icons';

/** The logos of apps and integrations as one sprite, which pages and the catalogue island point into. */
export const GET: APIRoute = () =>
  new Response(brandSprite(), { headers: { 'content-type': 'image/svg+xml' } });
