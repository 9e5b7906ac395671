import type { BlogSummary } from '#shared/schemas/content';
import { BlogCard } from './blog-card';

interface BlogGridProps {
  posts: BlogSummary[];
  headingLevel?: 2 | 3;
  priorityCount?: number;
}

export function BlogGrid({ posts, headingLevel = 3, priorityCount = 0 }: BlogGridProps) {
  return (
    <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3 lg:gap-8">
      {posts.map((post, index) => (
        <li key={post.id}>
          <BlogCard post={post} headingLevel={headingLevel} priority={index < priorityCount} />
        </li>
      ))}
    </ul>
  );
}
