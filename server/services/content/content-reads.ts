import { AsyncLocalStorage } from "node:async_hooks";
import type { SiteDocumentKey } from "../../../common/content/site-content/registry";

/**
 * What a page read: a render made for the page cache records every piece of content its loaders
 * asked the content services for (a topic each), and a publication drops exactly the pages whose
 * render read what it changed, on every instance (content-version.ts carries the topics). Nothing
 * is listed by hand: a new reader records its topic by calling a content service.
 *
 * Topics: each site content document (`site:page-about`, `site:site-details`, …), the posts, the
 * popups, the images, each page from blocks (`page:<address>`) and their list (`pages`).
 */
export type ContentTopic =
  | `site:${SiteDocumentKey}`
  | "posts"
  | "popups"
  | "images"
  | BlockPageTopic
  | "pages"
  // No render reads the redirects (they are answered before one): the topic tells every instance.
  | "redirects";

/**
 * A page from blocks, by its address (`page:/bakery-waste`): its render reads it, and its
 * publication, unpublication, rename or deletion drops it. `pages`: the list of them (the sitemap).
 */
export type BlockPageTopic = `page:/${string}`;

const reading = new AsyncLocalStorage<Set<ContentTopic>>();

/** Notes that the render under way (if any) read `topic`. */
export function recordRead(topic: ContentTopic): void {
  reading.getStore()?.add(topic);
}

/** Runs `task` (a render) and returns what it read with its result. */
export async function readsDuring<T>(
  task: () => Promise<T>,
): Promise<{ result: T; reads: Set<ContentTopic> }> {
  const reads = new Set<ContentTopic>();
  const result = await reading.run(reads, task);
  return { result, reads };
}

/**
 * The service with every one of its functions recording `topic` when called: a page that asks it
 * anything is dropped when that topic changes (the service's writes bump with the same topic).
 */
export function readsAs<S extends Record<string, unknown>>(topic: ContentTopic, service: S): S {
  const recorded: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(service))
    recorded[name] =
      typeof value === "function"
        ? (...args: unknown[]) => {
            recordRead(topic);
            return (value as (...a: unknown[]) => unknown)(...args);
          }
        : value;
  return recorded as S;
}
