/**
 * The blog post being read, shared browser state. A public card click resets it to
 * an empty post before opening /blog/{id}; the post page then records the post it shows.
 * Browser-only: the server never reads it, so requests never share it.
 */
export interface CurrentPost {
  _id: string;
  template: number;
  readTime: number;
  title: string;
  content: unknown[];
}

/** An empty post: (_id, template, readTime 0, title, content an empty list). */
export const emptyPost = (): CurrentPost => ({ _id: "", template: 1, readTime: 0, title: "", content: [] });

let current: CurrentPost = emptyPost();

export const getCurrentPost = (): CurrentPost => current;

export function setCurrentPost(post: CurrentPost) {
  current = post;
}

export function resetCurrentPost() {
  current = emptyPost();
}
