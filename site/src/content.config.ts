import { defineCollection } from 'astro:content';
import { SITE_LOCALES } from '@tidewatch/content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

/** Long legal pages, one MDX file per language: content/legal/<document>.<locale>.mdx. */
const legal = defineCollection({
  loader: glob({
    pattern: '*.mdx',
    base: '../content/legal',
    // Keep the dot, so the id reads "terms.da" rather than a slug of it.
    generateId: ({ entry }) => entry.replace(/\.mdx$/, ''),
  }),
  schema: z.object({
    title: z.string().min(1).describe('The page heading and <title>'),
    description: z.string().min(50).max(170).describe('The meta description'),
    updated: z.coerce.date().describe('When the text last changed, shown to readers'),
    locale: z.enum(SITE_LOCALES),
  }),
});

/** Blog posts, one MDX file each: content/blog/<locale>/<slug>.mdx, covers in content/blog/images. */
const blog = defineCollection({
  loader: glob({ pattern: '{en,da}/*.mdx', base: '../content/blog' }),
  schema: ({ image }) =>
    z.object({
      title: z.string().min(1).max(90),
      description: z.string().min(50).max(170).describe('The meta description and the feed summary'),
      date: z.coerce.date(),
      author: z.string().min(1),
      tags: z.array(z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Tags are lower-case slugs')).min(1),
      locale: z.enum(SITE_LOCALES).describe('Must match the folder the post is in'),
      translation: z.string().optional().describe('The slug of the same post in the other language'),
      cover: z.object({ src: image(), alt: z.string().min(1) }).optional(),
    }),
});

export const collections = { legal, blog };
