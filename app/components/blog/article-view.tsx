import { Link } from "react-router";
import { Icon } from "#app/components/ui/icon.tsx";
import { CategoryChip, ReadTimeAndDate } from "#app/components/blog/article-facts.tsx";
import { ArticleBody } from "#app/components/blog/article-body.tsx";
import { ArticleCta } from "#app/components/blog/article-cta.tsx";
import { FeaturedImage } from "#app/components/blog/featured-image.tsx";
import { ShareButton } from "#app/components/blog/share-button.tsx";
import { Avatar } from "#app/components/illustrations/avatar.tsx";
import type { ArticlePageData } from "#app/content/articles.ts";
import { team } from "#app/content/team.ts";

/** The public page and its private preview both render this, so a preview is what readers will see. */
export function ArticleView({ article, bodyHtml, shareable = true }: { article: ArticlePageData; bodyHtml: string; shareable?: boolean }) {
  // A live article carries its author's avatar as the team has it now; one built from app/content/blog, SPEC.md's.
  const author = article.authorAvatar ?? team.find((member) => member.name === article.author);
  return (
    <>
      <article>
        <header className="bg-gradient-to-b from-brand-50 to-white">
          <div className="mx-auto max-w-3xl px-4 pt-8 pb-10 sm:px-6 sm:pt-12">
            <Link to="/blog" className="inline-flex items-center gap-2 text-sm font-semibold text-brand-700 hover:text-brand-800">
              <Icon name="arrow-left" className="size-4" />
              Back to blog
            </Link>
            <div className="mt-8 flex flex-wrap items-center gap-x-4 gap-y-2">
              <CategoryChip category={article.category} />
              <ReadTimeAndDate article={article} />
            </div>
            <h1 className="mt-4 text-4xl leading-tight font-extrabold tracking-tight sm:text-5xl">{article.title}</h1>
            <p className="mt-5 text-xl leading-relaxed text-slate-600">{article.excerpt}</p>
            <div className="mt-8 flex flex-wrap items-center justify-between gap-4 border-t border-slate-200 pt-6">
              <div className="flex items-center gap-3">
                {author && (
                  <Avatar
                    initials={author.initials}
                    name={article.author}
                    background={author.avatar.background}
                    accent={author.avatar.accent}
                    size={48}
                    decorative
                  />
                )}
                <p className="leading-snug">
                  <span className="block font-semibold text-ink">{article.author}</span>
                  <span className="block text-sm text-slate-600">{article.authorRole}</span>
                </p>
              </div>
              {/* A preview's address is its secret: nothing offers to pass it on. */}
              {shareable && <ShareButton title={article.title} text={article.excerpt} />}
            </div>
          </div>
        </header>
        <div className="mx-auto max-w-4xl px-4 sm:px-6">
          <FeaturedImage src={article.imageUrl} alt={article.imageAlt} priority className="rounded-2xl ring-1 ring-slate-200" />
        </div>
        <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
          <ArticleBody html={bodyHtml} />
        </div>
      </article>
      <ArticleCta />
    </>
  );
}
