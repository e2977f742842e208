import { z } from 'zod';
import blogJson from '../data/pages/blog.json' with { type: 'json' };
import { localized } from '../localized';
import { PageMeta } from './blocks';

/** The blog's own interface text; the posts themselves are MDX in content/blog/<locale>/. */
const BlogText = z.object({
  meta: PageMeta,
  name: z.string().min(1),
  heading: z.string().min(1),
  intro: z.string().min(1),
  home: z.string().min(1),
  contact: z.string().min(1),
  rss: z.string().min(1),
  rssTitle: z.string().min(1),
  by: z.string().min(1),
  minutesRead: z.string().min(1),
  tagsLabel: z.string().min(1),
  tagHeading: z.string().min(1).describe('Followed by the tag'),
  tagDescription: z.string().min(1).describe('Followed by the tag, for the meta description'),
  tagNames: z
    .record(z.string(), z.string().min(1))
    .describe("Each tag's name as readers see it, by its slug"),
  allPosts: z.string().min(1),
  backToBlog: z.string().min(1),
  readTranslation: z.string().min(1).describe('Written in the other language'),
  pagination: z.object({
    label: z.string().min(1),
    newer: z.string().min(1),
    older: z.string().min(1),
    page: z.string().min(1),
    of: z.string().min(1),
  }),
});

export const blogText = localized(BlogText, blogJson);
