import * as copy from '#shared/copy';
import { PageHeader } from '../../components/page-header';
import { SectionError } from '../../components/section-error';
import { Spinner } from '../../components/spinner';
import { blogsQueryOptions, useBlogsQuery } from '../../features/blogs/api/get-blogs';
import { BlogGrid } from '../../features/blogs/components/blog-grid';
import { pageLoader } from '../page-data';

export const loader = pageLoader((queryClient) => queryClient.ensureQueryData(blogsQueryOptions()));

/** /blogs: every post, newest first. */
export default function BlogsPage() {
  const posts = useBlogsQuery();
  return (
    <>
      <title>{`${copy.blogs.title} · ${copy.brand}`}</title>
      <PageHeader title={copy.blogs.title} text={copy.blogs.text} />
      <div className="container-page py-10 sm:py-14">
        {posts.isPending ? (
          <Spinner />
        ) : posts.isError ? (
          <SectionError onRetry={() => void posts.refetch()} message={copy.common.somethingWrong} />
        ) : posts.data.length === 0 ? (
          <p className="py-16 text-center text-lg text-slate-600">{copy.blogs.empty}</p>
        ) : (
          <BlogGrid posts={posts.data} headingLevel={2} priorityCount={3} />
        )}
      </div>
    </>
  );
}
