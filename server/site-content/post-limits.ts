import { DOCUMENT_FORM_MAX_BYTES } from "#server/http/request.ts";

/**
 * The site-content editors' posts (decision 0052) hold a whole document, every text of it: the service
 * pages' 300 fields come to 19 KB as SPEC.md has them, and past the lead forms' 32 KB once the words run
 * longer or carry curly quotes and dashes, which a form sends as 9 bytes each. Their own limit, in the app
 * (server/app.ts) and in nginx (deploy/nginx/locations.conf, this pattern word for word); the case
 * studies' posts carry an image and have the image editors' (IMAGE_POST_PATH).
 */
export const SITE_CONTENT_POST_PATH = /^\/admin\/(?:pricing|testimonials|badges|figures|team|contact|service-pages)(?:\.data)?$/;
export const SITE_CONTENT_POST_MAX_BYTES = DOCUMENT_FORM_MAX_BYTES;
