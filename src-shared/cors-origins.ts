// What an entry of an app's CORS origins may be, as config/cors.php takes them: `*`, an origin such as
// `http://localhost:3000`, or an origin with `*` as a wildcard (`https://*.example.com`); never a path.
// Kept apart from the zod schemas so the UI can check its input without bundling zod.
export const CORS_ORIGIN_PATTERN = /^(\*|[a-z][a-z0-9+.-]*:\/\/[^\s/?#]+)$/i;
