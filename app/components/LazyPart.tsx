/**
 * A part of a page that is closed on first paint — a dialog opened by `?dialog=…` — whose code
 * the browser loads only when it is shown (issue 17, ADR 013):
 *
 *   const PlanDialogs = lazyPart("plan-dialogs", load);   // load: a dynamic import of the module
 *   …
 *   {open ? <PlanDialogs … /> : null}
 *
 * The server renders it at once (no JavaScript needed to see it), preceded by an empty
 * `<template data-lazy-part="name">`: it loads every part's module when the part is declared and
 * entry.server awaits them all (`loadLazyParts`) before rendering. Before hydrating, entry.client
 * loads every part whose marker the server's HTML holds (`preloadLazyParts`), so hydration finds
 * the same markup and never suspends (React #421, a hydration mismatch); a part opened later
 * (client navigation) renders nothing until its code is in.
 *
 * Not React.lazy: a lazy component suspends on its first render even when its module is already
 * loaded, which inside a hydrating tree throws the server's markup away.
 */
import { useEffect, useState, type ComponentType } from "react";

type Loaded = ComponentType<never>;
type Part = { load: () => Promise<Loaded>; component?: Loaded; pending?: Promise<Loaded> };

const parts = new Map<string, Part>();

function loadPart(part: Part): Promise<Loaded> {
  if (part.component) return Promise.resolve(part.component);
  part.pending ??= part.load().then(
    (component) => (part.component = component),
    (error: unknown) => {
      part.pending = undefined; // a later render may try again
      throw error;
    },
  );
  return part.pending;
}

const Marker = ({ name }: { name: string }) => <template data-lazy-part={name} />;

const onServer = typeof document === "undefined";

/** The marker, then the component once its module is loaded. */
export function lazyPart<P extends object>(name: string, load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const part: Part = parts.get(name) ?? { load: load as () => Promise<Loaded> };
  parts.set(name, part);
  if (onServer) {
    // The server renders every part at once: its module loads now (entry.server awaits it).
    loadPart(part).catch(() => undefined);
    return function ServerPart(props: P) {
      const Component = part.component as ComponentType<P> | undefined;
      if (!Component) throw loadPart(part); // not loaded yet: a streaming render waits for it
      return (
        <>
          <Marker name={name} />
          <Component {...props} />
        </>
      );
    };
  }
  function LazyPart(props: P) {
    const [Component, setComponent] = useState(() => part.component as ComponentType<P> | undefined);
    useEffect(() => {
      if (Component) return;
      let live = true;
      loadPart(part).then(
        (c) => live && setComponent(() => c as ComponentType<P>),
        (error: unknown) => console.error(`The code of "${name}" could not be loaded`, error),
      );
      return () => {
        live = false;
      };
    }, [Component]);
    return (
      <>
        <Marker name={name} />
        {Component ? <Component {...props} /> : null}
      </>
    );
  }
  return LazyPart;
}

/** Every part's module (the server, before it renders). */
export function loadLazyParts(): Promise<unknown> {
  return Promise.all([...parts.values()].map(loadPart));
}

/**
 * Loads the code of every part the server rendered in this document (their markers), so that
 * hydration renders them at once. Never rejects: a part that cannot load is rendered by the
 * client later (React then replaces the server's markup).
 */
export function preloadLazyParts(doc: Document = document): Promise<void> {
  const names = new Set([...doc.querySelectorAll<HTMLTemplateElement>("template[data-lazy-part]")].map((t) => t.dataset.lazyPart ?? ""));
  const loads = [...names].map((name) => parts.get(name)).filter((p): p is Part => Boolean(p));
  return Promise.all(loads.map((p) => loadPart(p).catch(() => undefined))).then(() => undefined);
}
