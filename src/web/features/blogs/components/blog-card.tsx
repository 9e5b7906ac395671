import { Link } from 'react-router';
import * as copy from '#shared/copy';
import { paths } from '#shared/paths';
import type { BlogSummary } from '#shared/schemas/content';
import { ArrowRightIcon } from '../../../components/icons';
import { Picture } from '../../../components/picture';
import { formatDate } from '../../../lib/format-date';

interface BlogCardProps {
  post: BlogSummary;
  headingLevel?: 2 | 3;
  priority?: boolean;
}

/** A post's card; the whole card is the title's link. */
export function BlogCard({ post, headingLevel = 3, priority = false }: BlogCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article data-testid="blog-card" className="card-surface group relative flex h-full flex-col overflow-hidden">
      <div className="aspect-video overflow-hidden bg-slate-100">
        <Picture
          src={post.imageUrl}
          alt={post.title}
          width={640}
          height={360}
          sizes="(min-width: 1280px) 400px, (min-width: 1024px) 31vw, (min-width: 768px) 47vw, 94vw"
          priority={priority}
          className="h-full w-full transition-transform duration-500 group-hover:scale-[1.03]"
        />
      </div>
      <div className="flex flex-1 flex-col p-6">
        <p className="text-sm text-slate-600">
          <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time>
          <span aria-hidden="true"> · </span>
          {copy.blogs.by(post.author)}
        </p>
        <Heading className="mt-2 text-xl leading-snug font-bold text-slate-900">
          <Link to={paths.blog(post.slug)} className="after:absolute after:inset-0 group-hover:text-brand-700">
            {post.title}
          </Link>
        </Heading>
        <p className="mt-3 line-clamp-3 flex-1 text-slate-600">{post.excerpt}</p>
        <span aria-hidden="true" className="mt-5 inline-flex items-center gap-1.5 font-semibold text-brand-700">
          {copy.blogs.readMore}
          <ArrowRightIcon className="h-4 w-4 transition-transform group-hover:translate-x-1" />
        </span>
      </div>
    </article>
  );
}
