import { templateNumber } from "~/lib/content/blog-display";
import { Template1 } from "./templates/Template1";
import { Template2 } from "./templates/Template2";
import { Template3 } from "./templates/Template3";
import { Template4 } from "./templates/Template4";
import { Template5 } from "./templates/Template5";
import type { TemplatePost } from "./types";

const TEMPLATES = [Template1, Template2, Template3, Template4, Template5];

/** A whole post in its template (1 to 5, anything else 1): the public page and the admin preview. */
export function BlogTemplate({ post }: { post: TemplatePost }) {
  const Template = TEMPLATES[templateNumber(post.template) - 1];
  return <Template post={post} />;
}
