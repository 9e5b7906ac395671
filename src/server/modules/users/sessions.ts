import type { SessionResolver } from '../../http/guards';
import { toWebHeaders } from '../../http/web-request';
import type { Auth } from './auth';
import { fromAuthUser } from './users.service';

/** Who is signed in, from better-auth's session cookie; visitors without cookies cost no query. */
export function createSessionResolver(auth: Auth): SessionResolver {
  return async (request) => {
    if (!request.headers.cookie) return null;
    const { headers, response } = await auth.api.getSession({ headers: toWebHeaders(request.headers), returnHeaders: true });
    if (!response) return null;
    return { user: fromAuthUser(response.user), setCookies: headers.getSetCookie() };
  };
}
