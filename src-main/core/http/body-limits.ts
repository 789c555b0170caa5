// What a partner request body may be: shared by the body reader and its parsers (loaded on the first body).
export const JSON_LIMIT = 1024 * 1024;
export const IMAGE_LIMIT = 5 * 1024 * 1024;
/** The one file key an endpoint reads (A3/B2); files under any other key are ignored, like unknown fields. */
export const IMAGE_KEY = 'profile';
