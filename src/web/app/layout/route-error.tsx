import { useQueryClient } from '@tanstack/react-query';
import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router';
import * as copy from '#shared/copy';
import { NotFoundView } from '../../components/not-found-view';
import { ApiError } from '../../lib/api-client';

/** A page's code could not be fetched, usually because a new version was deployed meanwhile. */
function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(error.message)
  );
}

/** Each route's error boundary: a missing item shows the not-found page; anything else offers a retry. */
export function RouteError() {
  const error = useRouteError();
  const queryClient = useQueryClient();
  const location = useLocation();
  const navigate = useNavigate();

  if ((error instanceof ApiError && error.status === 404) || (isRouteErrorResponse(error) && error.status === 404)) {
    return <NotFoundView />;
  }

  const retry = () => {
    if (isChunkLoadError(error)) {
      window.location.reload();
      return;
    }
    // The data may be what broke the page, so every query starts again from scratch; navigating to
    // the same place renders the route afresh, which clears this boundary.
    void queryClient.resetQueries();
    void navigate(location, { replace: true, preventScrollReset: true });
  };

  return (
    <div role="alert" className="container-page flex min-h-[50vh] flex-col items-center justify-center py-16 text-center">
      <h1 className="text-3xl font-black tracking-tight text-slate-900 sm:text-4xl">{copy.common.pageErrorTitle}</h1>
      <p className="mt-4 max-w-md text-lg text-slate-600">{copy.common.somethingWrong}</p>
      <button type="button" className="btn btn-primary btn-lg mt-8" onClick={retry}>
        {copy.common.retry}
      </button>
    </div>
  );
}
