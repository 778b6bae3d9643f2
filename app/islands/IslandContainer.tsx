import type { PageIsland } from "@common/content/pages";
import type { ReactNode } from "react";
import { ISLAND_ATTRIBUTE, islandPropsText } from "./island-props";

/**
 * An island as the server draws it: its container (named by `name`, hydrated alone by
 * app/islands/<name>.client.tsx) and, right after it, its props as a JSON data block.
 */
export function IslandContainer({
  name,
  props,
  children,
}: {
  name: PageIsland;
  props: object;
  children: ReactNode;
}) {
  return (
    <>
      <div {...{ [ISLAND_ATTRIBUTE]: name }}>{children}</div>
      <script
        type="application/json"
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: islandPropsText(props) }}
      />
    </>
  );
}
