import { Link } from 'react-router';
import * as copy from '#shared/copy';
import { paths } from '#shared/paths';
import type { BlogPost } from '#shared/schemas/content';
import { ArrowLeftIcon } from '../../../components/icons';
import { Picture } from '../../../components/picture';
import { formatDate } from '../../../lib/format-date';

/** One post. Paragraphs are plain text from the API and are rendered as text, never as markup. */
export function BlogArticle({ post }: { post: BlogPost }) {
  return (
    <article>
      <header className="on-dark bg-blueprint bg-slate-900 text-white">
        <div className="mx-auto max-w-3xl px-4 pt-10 pb-40 sm:px-6 sm:pt-14 sm:pb-48">
          <Link
            to={paths.blogs}
            className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-300 hover:text-white"
          >
            <ArrowLeftIcon className="h-4 w-4" />
            {copy.blogs.back}
          </Link>
          <h1 className="mt-6 text-3xl leading-tight font-black tracking-tight text-balance sm:text-5xl">{post.title}</h1>
          <p className="mt-5 text-slate-300">
            <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time>
            <span aria-hidden="true"> · </span>
            {copy.blogs.by(post.author)}
          </p>
        </div>
      </header>
      <div className="mx-auto max-w-4xl px-4 sm:px-6">
        <Picture
          src={post.imageUrl}
          alt={post.title}
          width={960}
          height={540}
          sizes="(min-width: 896px) 848px, 94vw"
          priority
          className="-mt-32 aspect-video w-full rounded-2xl shadow-xl ring-1 ring-slate-900/5 sm:-mt-40"
        />
      </div>
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
        <p className="text-lg leading-relaxed font-medium text-slate-800 sm:text-xl">{post.excerpt}</p>
        <div className="mt-8 space-y-6 text-lg leading-relaxed text-slate-700">
          {post.body.map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </div>
        <div className="mt-12 border-t border-slate-200 pt-8">
          <Link to={paths.blogs} className="link-brand inline-flex items-center gap-1.5">
            <ArrowLeftIcon className="h-4 w-4" />
            {copy.blogs.back}
          </Link>
        </div>
      </div>
    </article>
  );
}
