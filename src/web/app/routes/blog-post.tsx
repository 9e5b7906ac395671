import { useParams } from 'react-router';
import * as copy from '#shared/copy';
import { NotFoundView } from '../../components/not-found-view';
import { SectionError } from '../../components/section-error';
import { Spinner } from '../../components/spinner';
import { blogQueryOptions, useBlogQuery } from '../../features/blogs/api/get-blog';
import { BlogArticle } from '../../features/blogs/components/blog-article';
import { ApiError } from '../../lib/api-client';
import { pageLoader } from '../page-data';

export const loader = pageLoader((queryClient, { params }) => queryClient.ensureQueryData(blogQueryOptions(params.slug ?? '')));

/** /blogs/:slug: one post, or the not-found page when there is no such post. */
export default function BlogPostPage() {
  const { slug = '' } = useParams();
  const post = useBlogQuery(slug);
  if (post.isPending) return <Spinner className="min-h-[60vh]" />;
  if (post.isError) {
    if (post.error instanceof ApiError && post.error.status === 404) return <NotFoundView />;
    return (
      <div className="container-page py-16">
        <h1 className="sr-only">{copy.common.pageErrorTitle}</h1>
        <SectionError onRetry={() => void post.refetch()} message={copy.common.somethingWrong} />
      </div>
    );
  }
  return (
    <>
      <title>{`${post.data.title} · ${copy.brand}`}</title>
      <BlogArticle post={post.data} />
    </>
  );
}
