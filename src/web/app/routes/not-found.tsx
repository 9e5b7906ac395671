import * as copy from '#shared/copy';
import { NotFoundView } from '../../components/not-found-view';

export default function NotFoundPage() {
  return (
    <>
      <title>{`${copy.notFound.title} · ${copy.brand}`}</title>
      <NotFoundView />
    </>
  );
}
