/** The id of the JSON data block that carries a server-rendered page's data (entry-server.tsx → main.tsx). */
export const PAGE_STATE_ELEMENT_ID = 'page-state';
