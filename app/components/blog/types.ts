/** What the blog templates and cards draw: plain data, built from a post by app/lib/content/blog-display.ts. */
export interface TemplateImage {
  src: string;
  srcSet?: string;
  sizes?: string;
  width?: number;
  height?: number;
  alt: string;
}
export interface TemplateParagraph {
  header: string;
  html: string;
  image: TemplateImage | null;
}
export interface TemplatePost {
  title: string;
  readTime: number;
  dateAdded: string | null;
  template: number;
  paragraphs: TemplateParagraph[];
}
export interface BlogCardData {
  id: string;
  title: string;
  readTime: number | null;
  dateAdded: string | null;
  image: TemplateImage | null;
  /** The admin list only: the post's state (Draft, Scheduled for…, Published). */
  state?: string;
}
