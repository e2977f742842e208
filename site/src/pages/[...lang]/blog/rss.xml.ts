import rss from '@astrojs/rss';
import { blogText, SITE_LOCALES, type SiteLocale } from '@tidewatch/content';
import type { APIContext } from 'astro';
import { escape as escapeMarkup } from 'html-escaper';
import { blogPath, postPath, postsIn, tagName } from '../../../blog';

export const getStaticPaths = () =>
  SITE_LOCALES.map((locale) => ({
    params: { lang: locale === 'en' ? undefined : locale },
    props: { locale },
  }));

/** One feed per language: /blog/rss.xml and /da/blog/rss.xml. */
export async function GET(context: APIContext) {
  const locale = context.props.locale as SiteLocale;
  const text = blogText[locale];
  const site = context.site ?? new URL('http://localhost:3000');
  return rss({
    title: text.rssTitle,
    description: text.meta.description,
    site: new URL(blogPath(locale), site).href,
    trailingSlash: false,
    // RSS's own <author> wants an email address; Dublin Core's creator takes a name.
    xmlns: { dc: 'http://purl.org/dc/elements/1.1/' },
    customData: `<language>${locale === 'da' ? 'da-dk' : 'en-gb'}</language>`,
    items: (await postsIn(locale)).map((post) => ({
      title: post.data.title,
      description: post.data.description,
      pubDate: post.data.date,
      customData: `<dc:creator>${escapeMarkup(post.data.author)}</dc:creator>`,
      categories: post.data.tags.map((tag) => tagName(locale, tag)),
      link: postPath(post),
    })),
  });
}
