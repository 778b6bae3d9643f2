/** The attribute naming an island's container; its props are the JSON data block right after it. */
export const ISLAND_ATTRIBUTE = "data-island";

/**
 * Props as a JSON data block's text: `<` escaped so that no `</script>` (or `<!--`) in a visitor's
 * words ends the block early.
 */
export const islandPropsText = (props: object) => JSON.stringify(props).replace(/</g, "\\u003c");

/** The props the server wrote beside `container`, or undefined when there are none. */
export function islandProps<Props>(container: Element): Props | undefined {
  const block = container.nextElementSibling;
  if (!(block instanceof HTMLScriptElement) || block.type !== "application/json") return undefined;
  try {
    return JSON.parse(block.textContent ?? "") as Props;
  } catch {
    return undefined;
  }
}
