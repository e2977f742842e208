import { type CollectionEntry, getCollection } from 'astro:content';
import { blogText, SITE_LOCALES } from '@tidewatch/content';
import { intlLocale } from './format';
import { localizedPath, type SiteLocale } from './i18n';

export type Post = CollectionEntry<'blog'>;

export const POSTS_PER_PAGE = 4;

/** content/blog/<locale>/<slug>.mdx: the file name is the post's address. */
export const slugOf = (post: Post) => post.id.slice(post.id.indexOf('/') + 1);

let all: Promise<Post[]> | undefined;

/** Every post, newest first, after checking what the schema cannot see across files. */
function allPosts(): Promise<Post[]> {
  all ??= getCollection('blog').then((posts) => {
    for (const post of posts) {
      const folder = post.id.slice(0, post.id.indexOf('/'));
      if (folder !== post.data.locale) {
        throw new Error(`Blog post ${post.id} says locale ${post.data.locale} but sits in ${folder}/`);
      }
      const { translation } = post.data;
      if (
        translation &&
        !posts.some((other) => other.data.locale !== folder && slugOf(other) === translation)
      ) {
        throw new Error(`Blog post ${post.id} names a translation "${translation}" that does not exist`);
      }
    }
    return posts.sort((a, b) => b.data.date.getTime() - a.data.date.getTime());
  });
  return all;
}

export async function postsIn(locale: SiteLocale): Promise<Post[]> {
  return (await allPosts()).filter((post) => post.data.locale === locale);
}

/** The tags used in one language, alphabetically. */
export async function tagsIn(locale: SiteLocale): Promise<string[]> {
  return [...new Set((await postsIn(locale)).flatMap((post) => post.data.tags))].sort();
}

export const pageCount = (posts: readonly Post[]) => Math.max(1, Math.ceil(posts.length / POSTS_PER_PAGE));

export const postsOnPage = (posts: readonly Post[], page: number) =>
  posts.slice((page - 1) * POSTS_PER_PAGE, page * POSTS_PER_PAGE);

export const blogPath = (locale: SiteLocale) => localizedPath('/blog', locale);
export const pagePath = (locale: SiteLocale, page: number) =>
  page === 1 ? blogPath(locale) : localizedPath(`/blog/page/${page}`, locale);
/** A tag as readers see it ("Service windows" for `service-windows`); a tag without a name fails the build. */
export function tagName(locale: SiteLocale, tag: string): string {
  const name = blogText[locale].tagNames[tag];
  if (name === undefined)
    throw new Error(`The blog tag "${tag}" (${locale}) has no name in content/data/pages/blog.json`);
  return name;
}

export const tagPath = (locale: SiteLocale, tag: string) => localizedPath(`/blog/tags/${tag}`, locale);
export const postPath = (post: Post) => localizedPath(`/blog/${slugOf(post)}`, post.data.locale);
export const feedPath = (locale: SiteLocale) => localizedPath('/blog/rss.xml', locale);

/**
 * Where a blog page is in each language: `here` where it exists, else that language's blog front
 * page (for the language switch) and nothing (for hreflang, which must name only real pages).
 */
export function languageVersions(existing: Partial<Record<SiteLocale, string>>) {
  const switchTo = Object.fromEntries(
    SITE_LOCALES.map((other) => [other, existing[other] ?? blogPath(other)]),
  ) as Record<SiteLocale, string>;
  return { alternates: existing, switchTo };
}

/** "14 September 2026", "14. september 2026". */
export const formatDate = (locale: SiteLocale, date: Date) =>
  new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'long', timeZone: 'UTC' }).format(date);

/** Reading time at 200 words a minute, code included, rounded up. */
export const readingMinutes = (post: Post) =>
  Math.max(1, Math.ceil((post.body ?? '').split(/\s+/).filter(Boolean).length / 200));
