import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { brandImage } from "~/.server/store/brand-images";

/**
 * /brand-images/<sha256>.<png|jpg|webp>: a rep's logo or banner uploaded in the console (ADR 028).
 * The name is the content's hash, so the response never changes and may be cached for good; the
 * type is the one its bytes were checked to be, and the browser is told not to guess another.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const image = await brandImage(context.services, params.name);
  // an unknown name goes to the site's 404 page, as every link a person may follow does
  if (!image) throw redirect("/404");
  return new Response(image.bytes, {
    headers: {
      "Content-Type": image.contentType,
      "Content-Length": String(image.bytes.byteLength),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
