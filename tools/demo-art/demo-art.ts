import { demoBlogPosts } from '../../src/server/db/seed/blog-posts';
import { demoParts } from '../../src/server/db/seed/catalogue';
import { demoPictureName } from '../../src/server/db/seed/demo-pictures';
import { demoReviews } from '../../src/server/db/seed/reviews';
import { avatarLooks } from './avatar-looks';
import { avatarSvg } from './avatar-pictures';
import { blogPictureSvg, blogPostScenes } from './blog-pictures';
import { partDrawings } from './part-drawings';
import { partPictureSvg } from './part-pictures';

/** One picture the seed stores: its name in the pictures folder and how it is drawn. */
export interface DemoArt {
  name: string;
  svg: () => string;
}

function artFor<T>(list: Readonly<Record<string, T>>, key: string, where: string): T {
  const art = list[key];
  if (art === undefined) throw new Error(`No art for "${key}": add it to tools/demo-art/${where}`);
  return art;
}

/**
 * Every picture the demo seed stores, in the seed's order: a part picture for each catalogue part,
 * an avatar for each review, a wide picture for each blog post. The rows (names, texts, prices) stay
 * in the seed; only how they look lives here. Throws when a row has no art.
 */
export function demoArt(): DemoArt[] {
  return [
    ...demoParts.map((part) => {
      const draw = artFor(partDrawings, part.key, 'part-drawings.ts');
      return { name: demoPictureName.part(part.key), svg: () => partPictureSvg(draw) };
    }),
    ...demoReviews.map((review) => {
      const look = artFor(avatarLooks, review.key, 'avatar-looks.ts');
      return { name: demoPictureName.review(review.key), svg: () => avatarSvg(review.name, look) };
    }),
    ...demoBlogPosts.map((post) => {
      const scene = artFor(blogPostScenes, post.slug, 'blog-pictures.ts');
      return { name: demoPictureName.blogPost(post.slug), svg: () => blogPictureSvg(scene) };
    }),
  ];
}

/** Art kept for a row the seed no longer has (a part, review or post that was removed). */
export function artWithoutRows(): string[] {
  const unused = (list: Readonly<Record<string, unknown>>, keys: readonly string[], where: string) =>
    Object.keys(list)
      .filter((key) => !keys.includes(key))
      .map((key) => `${where}: ${key}`);
  return [
    ...unused(
      partDrawings,
      demoParts.map((part) => part.key),
      'part-drawings.ts',
    ),
    ...unused(
      avatarLooks,
      demoReviews.map((review) => review.key),
      'avatar-looks.ts',
    ),
    ...unused(
      blogPostScenes,
      demoBlogPosts.map((post) => post.slug),
      'blog-pictures.ts',
    ),
  ];
}
