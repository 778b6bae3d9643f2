import type { ReactNode } from "react";
import { templateNumber } from "~/lib/content/blog-display";

/** Text lines: `n` bars of width `w` (the last one shorter), `gap` apart. */
function Lines({ x, y, w, n = 3, gap = 4 }: { x: number; y: number; w: number; n?: number; gap?: number }) {
  return Array.from({ length: n }, (_, i) => (
    <rect
      // biome-ignore lint/suspicious/noArrayIndexKey: fixed decorative bars
      key={i}
      x={x}
      y={y + i * gap}
      width={i === n - 1 ? w * 0.65 : w}
      height={1.8}
      rx={0.9}
      className="fill-muted opacity-60"
    />
  ));
}

/** A title: two thick bars. */
function Title({ x, y, w, center = false }: { x: number; y: number; w: number; center?: boolean }) {
  const short = w * 0.7;
  return (
    <>
      <rect x={x} y={y} width={w} height={4} rx={1.5} className="fill-text" />
      <rect
        x={center ? x + (w - short) / 2 : x}
        y={y + 6}
        width={short}
        height={4}
        rx={1.5}
        className="fill-text"
      />
    </>
  );
}

/** A picture: a tinted box with hills and a sun. */
function Picture({ x, y, w, h }: { x: number; y: number; w: number; h: number }) {
  return (
    <g>
      <rect x={x} y={y} width={w} height={h} rx={2} className="fill-brand opacity-35" />
      <path
        d={`M${x} ${y + h} L${x + w * 0.35} ${y + h * 0.45} L${x + w * 0.6} ${y + h * 0.75} L${x + w * 0.75} ${y + h * 0.55} L${x + w} ${y + h} Z`}
        className="fill-brand opacity-80"
      />
      <circle cx={x + w * 0.78} cy={y + h * 0.28} r={Math.min(w, h) * 0.1} className="fill-accent" />
    </g>
  );
}

const LAYOUTS: Record<number, ReactNode> = {
  // Classic article: one column, picture inset beside the second paragraph.
  1: (
    <>
      <Title x={22} y={8} w={60} />
      <rect x={22} y={22} width={24} height={1.6} rx={0.8} className="fill-brand" />
      <Lines x={22} y={30} w={76} n={2} />
      <Picture x={68} y={42} w={30} h={22} />
      <Lines x={22} y={43} w={40} n={5} />
      <Lines x={22} y={70} w={76} n={3} />
    </>
  ),
  // Feature: hero picture across the top, title card over it, side picture.
  2: (
    <>
      <Picture x={0} y={0} w={120} h={34} />
      <rect
        x={18}
        y={24}
        width={84}
        height={20}
        rx={2.5}
        className="fill-surface stroke-border"
        strokeWidth={0.6}
      />
      <Title x={24} y={28} w={56} />
      <Lines x={14} y={52} w={58} n={7} />
      <Picture x={80} y={52} w={26} h={24} />
    </>
  ),
  // Magazine: ruled masthead, pictures alternating left and right.
  3: (
    <>
      <rect x={8} y={5} width={104} height={2} className="fill-text" />
      <Title x={8} y={10} w={70} />
      <rect x={8} y={24} width={104} height={0.6} className="fill-border" />
      <Picture x={8} y={29} w={50} h={24} />
      <Lines x={64} y={31} w={48} n={5} />
      <Lines x={8} y={61} w={48} n={5} />
      <Picture x={62} y={59} w={50} h={24} />
    </>
  ),
  // Long read: centred serif title, drop-capital opening, a wide picture.
  4: (
    <>
      <rect x={53} y={5} width={14} height={1.6} rx={0.8} className="fill-brand" />
      <Title x={25} y={10} w={70} center />
      <rect x={30} y={29} width={7} height={7} rx={1} className="fill-brand" />
      <Lines x={40} y={30} w={50} n={2} />
      <Lines x={30} y={39} w={60} n={2} />
      <Picture x={8} y={50} w={104} h={20} />
      <Lines x={30} y={75} w={60} n={3} />
    </>
  ),
  // Split opening: title on a tinted panel beside the first picture, numbered paragraphs.
  5: (
    <>
      <rect x={0} y={0} width={60} height={44} className="fill-surface-2" />
      <Title x={8} y={14} w={44} />
      <rect x={8} y={30} width={22} height={1.6} rx={0.8} className="fill-brand" />
      <Picture x={60} y={0} w={60} h={44} />
      <Lines x={22} y={52} w={76} n={2} />
      <text x={22} y={71} className="fill-brand" fontSize={8} fontWeight={800}>
        02
      </text>
      <Lines x={36} y={64} w={62} n={2} />
      <Lines x={36} y={76} w={62} n={2} />
    </>
  ),
};

/** A drawing of a template's layout, for the admin's 'Choose a Template' cards. */
export function TemplateThumbnail({ template }: { template: number }) {
  const n = templateNumber(template);
  return (
    <svg
      role="img"
      aria-label={`Template ${n} layout`}
      viewBox="0 0 120 90"
      className="block h-auto w-full overflow-hidden rounded-lg border border-border bg-surface"
    >
      {LAYOUTS[n]}
    </svg>
  );
}
