import { Droplets, Factory, MessagesSquare, Truck } from "lucide-react";
import type { ServiceIcon as ServiceIconName } from "~/content/services";

const ICONS = { truck: Truck, factory: Factory, droplets: Droplets, messages: MessagesSquare };

export function ServiceIcon({ name }: { name: ServiceIconName }) {
  const Icon = ICONS[name];
  return (
    <span className="inline-flex size-12 items-center justify-center rounded-xl bg-surface-2 text-brand">
      <Icon aria-hidden="true" className="size-6" />
    </span>
  );
}
