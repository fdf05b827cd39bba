import { Writable } from "node:stream";
import { lazy, Suspense, useId, type ReactNode } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { completedInOnePass } from "./html-stream";

/** The page as entry.server's streaming path collects it: every byte after everything is ready. */
function streamed(node: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(node, {
      onAllReady() {
        const chunks: Buffer[] = [];
        pipe(
          new Writable({
            emitClose: false,
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(Buffer.from(chunk));
              callback();
            },
            final(callback) {
              resolve(Buffer.concat(chunks).toString("utf8"));
              callback();
            },
          }),
        );
      },
      onShellError: reject,
      onError: () => undefined,
    });
  });
}

function Field({ label }: { label: string }) {
  const id = useId();
  return (
    <p>
      <label htmlFor={id}>{label}</label> <input id={id} name="q" defaultValue={`"${label}" & <más>`} />
    </p>
  );
}

function Page({ children }: { children?: ReactNode }) {
  const cards = Array.from({ length: 60 }, (_, n) => n);
  return (
    <html lang="es" dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <title>{`Planes ${cards.length} — aquí`}</title>
        <script nonce="abc" dangerouslySetInnerHTML={{ __html: 'window.x={"a":"</scr"+"ipt>"}' }} />
      </head>
      <body>
        <Suspense fallback={<p>cargando</p>}>
          <ul style={{ display: "contents", marginTop: 4 }}>
            {cards.map((n) => (
              <li key={n} className={n % 2 ? "odd" : undefined} data-n={n}>
                {"Plan "}
                {n} de {cards.length}: aquí, 中文 &amp; {"<b>"}
                <div dangerouslySetInnerHTML={{ __html: `<h3>Plan ${n}</h3><p>$${n}.00/mes</p>` }} />
                <Field label={`Elegir ${n}`} />
              </li>
            ))}
          </ul>
        </Suspense>
        {children}
      </body>
    </html>
  );
}

describe("a page rendered in one pass (renderToString)", () => {
  it("is byte for byte what the streaming renderer writes, doctype included", async () => {
    const page = completedInOnePass(renderToString(<Page />));
    expect(page).not.toBeNull();
    expect(page?.startsWith("<!DOCTYPE html><html")).toBe(true);
    expect(page).toBe(await streamed(<Page />));
  });

  it("adds no doctype to a fragment, as the streaming renderer adds none", async () => {
    const fragment = (
      <div>
        <Field label="uno" />
      </div>
    );
    const page = completedInOnePass(renderToString(fragment));
    expect(page).toBe(await streamed(fragment));
    expect(page?.startsWith("<div")).toBe(true);
  });

  it("is refused when something suspended: the streaming renderer waits for it", async () => {
    let release: (value: { default: () => ReactNode }) => void = () => undefined;
    const Late = lazy(() => new Promise<{ default: () => ReactNode }>((resolve) => (release = resolve)));
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const once = renderToString(
      <Page>
        <Suspense fallback={<p>cargando</p>}>
          <Late />
        </Suspense>
      </Page>,
    );
    error.mockRestore();
    expect(once).toContain("<!--$!-->");
    expect(completedInOnePass(once)).toBeNull();
    const waiting = streamed(
      <Page>
        <Suspense fallback={<p>cargando</p>}>
          <Late />
        </Suspense>
      </Page>,
    );
    release({ default: () => <p>listo</p> });
    expect(await waiting).toContain("<p>listo</p>");
  });

  it("is refused when a part inside a boundary threw (the streaming path reports the error)", () => {
    function Broken(): ReactNode {
      throw new Error("roto");
    }
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const once = renderToString(
      <Page>
        <Suspense fallback={null}>
          <Broken />
        </Suspense>
      </Page>,
    );
    error.mockRestore();
    expect(completedInOnePass(once)).toBeNull();
  });
});
