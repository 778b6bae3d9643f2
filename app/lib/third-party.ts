import { useEffect } from "react";
import { addThirdPartyScript } from "./third-party-script";

/** Adds a third-party script once `enabled` (after cookie consent): see third-party-script.ts. */
export function useThirdPartyScript(src: string, enabled: boolean) {
  useEffect(() => {
    if (enabled) addThirdPartyScript(src);
  }, [src, enabled]);
}
