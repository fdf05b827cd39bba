import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { cartFromToken, restoreCart } from "~/.server/saved-quotes";

/**
 * The link in a quote e-mail: an unguessable, expiring token restores that cart in this
 * browser. An unknown or expired link is a 404, never someone else's cart.
 */
export async function loader({ params, context, request }: LoaderFunctionArgs) {
  const { services } = context;
  const enrollment = await cartFromToken(services, params.token ?? "");
  if (!enrollment || enrollment.status === "cancelled") throw new Response("Not Found", { status: 404 });
  const session = await services.sessions.read(request);
  await restoreCart(services, session, enrollment);
  const to = enrollment.status === "completed" ? "/" : "/cart";
  return redirect(to, { headers: { "Set-Cookie": await services.sessions.commit(session) } });
}
