import { Link } from 'react-router';
import * as copy from '#shared/copy';
import { paths } from '#shared/paths';
import { ArrowRightIcon } from '../../../components/icons';
import { Reveal } from '../../../components/reveal';
import { SectionError } from '../../../components/section-error';
import { SectionHeading } from '../../../components/section-heading';
import { Spinner } from '../../../components/spinner';
import { useBlogsQuery } from '../api/get-blogs';
import { BlogGrid } from './blog-grid';

const NEWS_COUNT = 3;

/** Three news cards, each opening its blog post. */
export function LatestNewsSection() {
  const posts = useBlogsQuery();
  return (
    <Reveal aria-labelledby="news-title" className="bg-white py-16 sm:py-24">
      <div className="container-page">
        <SectionHeading
          id="news-title"
          title={copy.landing.news}
          text={copy.landing.newsText}
          action={
            <Link to={paths.blogs} className="link-brand inline-flex items-center gap-1.5">
              {copy.blogs.title}
              <ArrowRightIcon className="h-4 w-4" />
            </Link>
          }
        />
        {posts.isPending ? (
          <Spinner />
        ) : posts.isError ? (
          <SectionError onRetry={() => void posts.refetch()} />
        ) : (
          <BlogGrid posts={posts.data.slice(0, NEWS_COUNT)} />
        )}
      </div>
    </Reveal>
  );
}
