/** Every dashboard screen's `<h1>`: one size, so moving between sections does not jump. */
export const pageHeadingClass = "text-2xl font-extrabold sm:text-3xl";
